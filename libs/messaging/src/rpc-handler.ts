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
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { catchError, from, lastValueFrom, map, throwError, type Observable } from 'rxjs';
import {
  ContractViolation,
  describeViolations,
  MESSAGE_VALIDATOR_OPTIONS,
  toMessage,
  TOLERANT_VALIDATOR_OPTIONS,
  type RpcContract,
} from '@cps/contracts';
import { ServiceMetrics } from '@cps/observability';
import { isTransientError } from '@cps/persistence';
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

const RPC_CONTRACT = Symbol('RPC_CONTRACT');

/** The reply check of RpcHandler, on unless MessagingOptions.checkReplies is false. */
@Injectable()
class RpcReplyCheckInterceptor implements NestInterceptor {
  private readonly enabled: boolean;

  constructor(
    private readonly reflector: Reflector,
    @Optional() @Inject(MESSAGING_OPTIONS) options?: MessagingOptions,
  ) {
    this.enabled = options?.checkReplies ?? true;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.enabled) return next.handle();
    const contract = this.reflector.get<RpcContract<object, object>>(RPC_CONTRACT, context.getHandler());
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
 * Answers a contract's subject. Unless turned off (`RPC_CHECK_REPLIES`, off by default in production), the
 * reply is checked against the contract's response class before it leaves (fields the class does not declare
 * are dropped); a reply that breaks it is a bug: the handler fails and the caller gets a 500. Callers do not
 * check replies again (ADR 0009).
 */
export function RpcHandler(contract: RpcContract<object, object>) {
  return applyDecorators(
    MessagePattern(contract.subject),
    SetMetadata(RPC_CONTRACT, contract),
    UseInterceptors(RpcMetricsInterceptor, RpcTransientErrorInterceptor, RpcReplyCheckInterceptor),
  );
}
