import {
  applyDecorators,
  Inject,
  Injectable,
  Logger,
  Optional,
  SetMetadata,
  UseInterceptors,
  ValidationPipe,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MessagePattern, Payload, RpcException, type NatsContext } from '@nestjs/microservices';
import { DataSource, type EntityManager } from 'typeorm';
import { catchError, from, lastValueFrom, map, throwError, type Observable } from 'rxjs';
import {
  AUDIT_ACTOR_HEADER,
  AUDITED_CHANGES,
  ContractViolation,
  describeViolations,
  MESSAGE_VALIDATOR_OPTIONS,
  toMessage,
  TOLERANT_VALIDATOR_OPTIONS,
  type RpcContract,
} from '@cps/contracts';
import { ServiceMetrics } from '@cps/observability';
import { ambientTransaction, isTransientError } from '@cps/persistence';
import { IDEMPOTENCY_HEADER } from './idempotency.js';
import { recordEvent } from './outbox.js';
import { MESSAGING_OPTIONS, type MessagingOptions } from './tokens.js';

/** Refuses a request with an HTTP-like status the edge passes on (404, 409, 422...). */
export class RpcRefusal extends RpcException {
  constructor(status: number, detail: unknown) {
    super({ status, detail });
  }
}

/**
 * The handler's parameter: the request as an instance of the contract's request class, defaulted and
 * validated by Nest's ValidationPipe (unknown fields refused). A request that breaks the contract is
 * refused with 400, naming every failing field.
 */
export const RpcPayload = (contract: RpcContract<object, object>) =>
  Payload(
    new ValidationPipe({
      ...MESSAGE_VALIDATOR_OPTIONS,
      transform: true,
      transformOptions: { exposeDefaultValues: true },
      expectedType: contract.request,
      validateCustomDecorators: true,
      exceptionFactory: (errors) => new RpcRefusal(400, `request breaks the contract: ${describeViolations(errors)}`),
    }),
  );

@Injectable()
class RpcMetricsInterceptor implements NestInterceptor {
  constructor(private readonly metrics: ServiceMetrics) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const subject = context.switchToRpc().getContext<{ getSubject(): string }>().getSubject();
    return from(this.metrics.observeMessage('rpc', subject, () => lastValueFrom(next.handle())));
  }
}

/**
 * A handler that failed on the infrastructure (a lost Postgres connection, a terminated backend, a serialization
 * failure: its transaction rolled back) refuses with 503, which the caller passes on with Retry-After, instead of
 * failing as a bug would (500).
 */
@Injectable()
class RpcTransientErrorInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Rpc');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (!isTransientError(error)) return throwError(() => error);
        const subject = context.switchToRpc().getContext<{ getSubject(): string }>().getSubject();
        this.logger.warn(`${subject}: ${(error as Error).message ?? String(error)}; answered 503`);
        return throwError(() => new RpcRefusal(503, 'temporarily unavailable; try again shortly'));
      }),
    );
  }
}

/** One in this many stored replies also purges the ones older than a day. */
const PURGE_EVERY = 200;

/**
 * A request that carries an idempotency key (IDEMPOTENCY_HEADER, from a keyed POST/PATCH at the gateway) runs in
 * one transaction that also stores its reply: Transactor.run inside the handler joins that transaction
 * (ambientTransaction), so the change and the stored reply commit together. The same key again (a retry after a
 * lost reply) gets the stored reply and changes nothing; concurrent ones wait for the first (advisory lock).
 * Services whose schema has no `idempotent_replies` table (idempotentRepliesTableSql) answer as without a key.
 */
@Injectable()
class RpcIdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Rpc');
  private tableReady?: Promise<boolean>;
  private stored = 0;

  constructor(
    @Optional() @Inject(MESSAGING_OPTIONS) private readonly options?: MessagingOptions,
    @Optional() private readonly dataSource?: DataSource,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc().getContext<NatsContext>();
    const key = rpc.getHeaders?.()?.get(IDEMPOTENCY_HEADER);
    if (!key || !this.dataSource || !this.options) return next.handle();
    return from(this.answer(key, rpc.getSubject(), () => lastValueFrom(next.handle(), { defaultValue: null })));
  }

  private async answer(key: string, subject: string, handle: () => Promise<unknown>): Promise<unknown> {
    if (!(await this.hasTable())) return handle();
    const table = `"${this.options!.schema}".idempotent_replies`;
    return this.dataSource!.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${subject} ${key}`]);
      const found = (await tx.query(`SELECT reply FROM ${table} WHERE key = $1 AND subject = $2`, [key, subject])) as {
        reply: unknown;
      }[];
      if (found[0]) return found[0].reply;
      const reply = await ambientTransaction.run(tx, handle);
      await tx.query(`INSERT INTO ${table} (key, subject, reply) VALUES ($1, $2, $3)`, [
        key,
        subject,
        JSON.stringify(reply ?? null),
      ]);
      if (++this.stored % PURGE_EVERY === 0) {
        await tx.query(`DELETE FROM ${table} WHERE created_at < now() - interval '24 hours'`);
      }
      return reply;
    });
  }

  private hasTable(): Promise<boolean> {
    const table = `"${this.options!.schema}".idempotent_replies`;
    this.tableReady ??= this.dataSource!.query('SELECT to_regclass($1) AS found', [table]).then(
      (rows: { found: string | null }[]) => {
        const ready = rows[0]?.found !== null;
        if (!ready) this.logger.warn(`no ${table} table: idempotency keys are ignored`);
        return ready;
      },
      (error: Error) => {
        this.tableReady = undefined;
        throw error;
      },
    );
    return this.tableReady;
  }
}

/**
 * A change the REST API asked for (AUDITED_CHANGES, with AUDIT_ACTOR_HEADER from the gateway) records
 * `<context>.api-change.recorded.v1` in the same transaction as the change: the handler runs in one transaction
 * (the idempotent request's when there is one) that Transactor.run joins (ambientTransaction), and the event is
 * recorded in it once the handler succeeded. A refused change records nothing. Services without an outbox table
 * answer as without the header.
 */
@Injectable()
class RpcAuditInterceptor implements NestInterceptor {
  private outboxReady?: Promise<boolean>;

  constructor(
    @Optional() @Inject(MESSAGING_OPTIONS) private readonly options?: MessagingOptions,
    @Optional() private readonly dataSource?: DataSource,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc().getContext<NatsContext>();
    const actor = rpc.getHeaders?.()?.get(AUDIT_ACTOR_HEADER);
    const change = actor ? AUDITED_CHANGES[rpc.getSubject()] : undefined;
    if (!actor || !change || !this.dataSource || !this.options) return next.handle();
    const request = context.switchToRpc().getData<Record<string, unknown>>();
    const handle = () => lastValueFrom(next.handle(), { defaultValue: null });
    // Inside an idempotent request's transaction: joined, and the outbox looked up on its connection. A lookup on
    // another connection of the pool deadlocked it at start-up, when as many keyed requests as the pool holds
    // arrived at once (each held a connection, all waited for one more: platform-e2e chaos).
    const ambient = ambientTransaction.getStore();
    return from(
      this.hasOutbox(ambient).then(async (ready) => {
        if (!ready) return handle();
        const work = async (tx: EntityManager) => {
          const reply = await ambientTransaction.run(tx, handle);
          const teamId = typeof request.teamId === 'string' ? request.teamId : undefined;
          await recordEvent(
            tx,
            this.options!.schema,
            change.event,
            {
              actor: decodeURIComponent(actor).slice(0, 300),
              area: change.area,
              action: change.action,
              target: change.target(request).slice(0, 500),
            },
            { teamId },
          );
          return reply;
        };
        return ambient ? work(ambient) : this.dataSource!.transaction(work);
      }),
    );
  }

  private hasOutbox(manager?: EntityManager): Promise<boolean> {
    this.outboxReady ??= (manager ?? this.dataSource!)
      .query('SELECT to_regclass($1) AS found', [`"${this.options!.schema}".outbox`])
      .then(
        (rows: { found: string | null }[]) => rows[0]?.found !== null,
        (error: Error) => {
          this.outboxReady = undefined;
          throw error;
        },
      );
    return this.outboxReady;
  }
}

const RPC_CONTRACT = Symbol('RPC_CONTRACT');

/**
 * Which replies RpcReplyCheckInterceptor checks: `true` every one, `'sampled'` the first `REPLY_CHECK_SAMPLE` of each
 * subject and one in `REPLY_CHECK_SAMPLE` after that, `false` none.
 */
type ReplyCheck = boolean | 'sampled';
const REPLY_CHECK_SAMPLE = 100;

/** The reply check of RpcHandler, on unless MessagingOptions.checkReplies is false. */
@Injectable()
class RpcReplyCheckInterceptor implements NestInterceptor {
  private readonly mode: ReplyCheck;
  /** Replies answered per subject, for the sampled check. */
  private readonly answered = new Map<string, number>();

  constructor(
    private readonly reflector: Reflector,
    @Optional() @Inject(MESSAGING_OPTIONS) options?: MessagingOptions,
  ) {
    this.mode = options?.checkReplies ?? true;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.mode === false) return next.handle();
    const contract = this.reflector.get<RpcContract<object, object>>(RPC_CONTRACT, context.getHandler());
    if (this.mode === 'sampled') {
      const count = (this.answered.get(contract.subject) ?? 0) + 1;
      this.answered.set(contract.subject, count);
      if (count > REPLY_CHECK_SAMPLE && count % REPLY_CHECK_SAMPLE !== 0) return next.handle();
    }
    return next.handle().pipe(
      map((reply: unknown) => {
        try {
          return toMessage(contract.response, reply, TOLERANT_VALIDATOR_OPTIONS);
        } catch (error) {
          if (!(error instanceof ContractViolation)) throw error;
          throw new Error(`${contract.subject} reply breaks the contract: ${error.message}`);
        }
      }),
    );
  }
}

/**
 * Answers a contract's subject. Unless turned off (`RPC_CHECK_REPLIES`: every reply in test, a sample in
 * development, none in production by default), the reply is checked against the contract's response class before it leaves (fields the class does not declare
 * are dropped); a reply that breaks it is a bug: the handler fails and the caller gets a 500. Callers do not
 * check replies again (ADR 0009).
 */
export function RpcHandler(contract: RpcContract<object, object>) {
  return applyDecorators(
    MessagePattern(contract.subject),
    SetMetadata(RPC_CONTRACT, contract),
    UseInterceptors(
      RpcMetricsInterceptor,
      RpcTransientErrorInterceptor,
      RpcIdempotencyInterceptor,
      RpcAuditInterceptor,
      RpcReplyCheckInterceptor,
    ),
  );
}
