import { createHash } from 'node:crypto';
import {
  ConflictException,
  HttpException,
  Injectable,
  UnprocessableEntityException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Response } from 'express';
import { catchError, from, mergeMap, of, type Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { requestIdempotencyKey } from '@cps/messaging';
import { SecretBox } from '@cps/persistence';
import { type Principal } from '../auth/principal.js';
import { type RequestWithPrincipal } from '../auth/access-policy.js';
import { toErrorResponse } from './error-response.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long a request may run before its key can be taken over (the gateway that ran it died). */
const CLAIM_SECONDS = 60;
/** One claim in this many also purges the keys older than a day. */
const PURGE_EVERY = 200;
const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT']);

type Claim =
  { kind: 'run' } | { kind: 'replay'; status: number; body: unknown } | { kind: 'conflict' } | { kind: 'mismatch' };

/** The caller a key belongs to: the API key (with or without a connection token), or the OAuth client and team. */
export function idempotencyScope(principal: Principal): string {
  return principal.kind === 'oauth' ? `oauth:${principal.clientId}:${principal.teamId}` : `key:${principal.keyId}`;
}

/** The status Nest answers a handler's result with: its `@HttpCode`, else 201 for POST and 200 otherwise. */
function successStatus(context: ExecutionContext, method: string): number {
  const declared = Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined;
  return declared ?? (method === 'POST' ? 201 : 200);
}

function validKey(raw: string | string[]): string {
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (KEY_PATTERN.test(key)) return key;
  const [type, msg, ctx] =
    key.length === 0
      ? ['string_too_short', 'String should have at least 1 character', { min_length: 1 }]
      : key.length > 255
        ? ['string_too_long', 'String should have at most 255 characters', { max_length: 255 }]
        : ['string_pattern_mismatch', "String should match pattern '^[!-~]{1,255}$'", { pattern: '^[!-~]{1,255}$' }];
  throw new UnprocessableEntityException({
    detail: [{ type, loc: ['header', 'idempotency-key'], msg, input: key.slice(0, 300), ctx }],
  });
}

/**
 * `Idempotency-Key` on every POST, PATCH and PUT of the REST API, as Stripe has it: per caller, the first request's
 * status and body are kept 24 hours and replayed for the same key (with `Idempotent-Replayed: true`); the same key
 * with another request is 422; while the first is still running, 409. Answers that say nothing about the request
 * (429, 5xx, 503) are not kept, so the retry runs again. While the request runs, every NATS request it makes
 * carries a key derived from (caller, key), and the answering service stores its reply in the transaction of its
 * change: a retry after a lost reply gets the first result from the service instead of a second object (ADR 0011).
 * A kept body is sealed with the gateway's ENCRYPTION_KEY (`{"sealed": "v1.…"}`): a replayed `POST /link-tokens`,
 * `POST /connections/{id}/token` or `POST /webhooks` answer holds a token or a signing secret, never stored in clear.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private claims = 0;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly box: SecretBox,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<RequestWithPrincipal>();
    const raw = request.headers['idempotency-key'];
    if (!WRITE_METHODS.has(request.method) || raw === undefined || !request.principal) return next.handle();
    const key = validKey(raw);
    const scope = idempotencyScope(request.principal);
    const hash = createHash('sha256')
      .update(`${request.method} ${request.originalUrl}\n${JSON.stringify(request.body ?? null)}`)
      .digest('base64url');
    const response = context.switchToHttp().getResponse<Response>();

    return from(this.claim(scope, key, hash)).pipe(
      mergeMap((claim) => {
        switch (claim.kind) {
          case 'mismatch':
            throw new UnprocessableEntityException({
              detail: [
                {
                  type: 'idempotency_key_reused',
                  loc: ['header', 'idempotency-key'],
                  msg: 'This Idempotency-Key was used with a different request',
                  input: key,
                },
              ],
            });
          case 'conflict':
            throw new ConflictException({
              detail: 'a request with this Idempotency-Key is still in progress; retry after it has finished',
            });
          case 'replay':
            response.setHeader('Idempotent-Replayed', 'true');
            if (claim.status >= 400) throw new HttpException(claim.body as object, claim.status);
            response.status(claim.status);
            return of(claim.body);
          case 'run': {
            const derived = createHash('sha256').update(`${scope}\n${key}`).digest('base64url');
            return requestIdempotencyKey
              .run(derived, () => next.handle())
              .pipe(
                mergeMap(async (body) => {
                  await this.finish(scope, key, successStatus(context, request.method), body);
                  return body;
                }),
                catchError(async (error: unknown) => {
                  const { status, body } = toErrorResponse(error);
                  await this.finish(scope, key, status, body);
                  throw error;
                }),
              );
          }
        }
      }),
    );
  }

  private async claim(scope: string, key: string, hash: string): Promise<Claim> {
    if (++this.claims % PURGE_EVERY === 0) {
      await this.db.query(`DELETE FROM gateway.idempotent_requests WHERE created_at < now() - interval '24 hours'`);
    }
    const inserted = (await this.db.query(
      `INSERT INTO gateway.idempotent_requests (scope, key, request_hash, locked_until)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       ON CONFLICT (scope, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status = NULL, body = NULL,
             locked_until = EXCLUDED.locked_until, created_at = now()
         WHERE idempotent_requests.created_at < now() - interval '24 hours'
       RETURNING 1`,
      [scope, key, hash, CLAIM_SECONDS],
    )) as unknown[];
    if (inserted.length > 0) return { kind: 'run' };
    const [row] = (await this.db.query(
      `SELECT request_hash, status, body, locked_until > now() AS running
         FROM gateway.idempotent_requests WHERE scope = $1 AND key = $2`,
      [scope, key],
    )) as { request_hash: string; status: number | null; body: unknown; running: boolean | null }[];
    if (!row) return this.claim(scope, key, hash); // purged in between
    if (row.request_hash !== hash) return { kind: 'mismatch' };
    if (row.status !== null) return { kind: 'replay', status: row.status, body: this.unsealed(row.body) };
    if (row.running) return { kind: 'conflict' };
    // The request that claimed the key never finished (its gateway died): this one takes it over.
    const taken = (await this.db.query(
      `UPDATE gateway.idempotent_requests SET locked_until = now() + make_interval(secs => $3)
        WHERE scope = $1 AND key = $2 AND status IS NULL AND locked_until <= now() RETURNING 1`,
      [scope, key, CLAIM_SECONDS],
    )) as unknown[];
    return taken.length > 0 ? { kind: 'run' } : { kind: 'conflict' };
  }

  /** A kept body as it was answered (rows kept before bodies were sealed are read as they are). */
  private unsealed(stored: unknown): unknown {
    const sealed = (stored as { sealed?: unknown } | null)?.sealed;
    return typeof sealed === 'string' ? JSON.parse(this.box.open(sealed)) : stored;
  }

  /** Keeps the answer for replays, or frees the key when the answer says nothing about the request. */
  private async finish(scope: string, key: string, status: number, body: unknown): Promise<void> {
    const keep = status < 500 && status !== 429;
    await (
      keep
        ? this.db.query(
            `UPDATE gateway.idempotent_requests SET status = $3, body = $4, locked_until = NULL
            WHERE scope = $1 AND key = $2`,
            [scope, key, status, JSON.stringify({ sealed: this.box.seal(JSON.stringify(body ?? null)) })],
          )
        : this.db.query('DELETE FROM gateway.idempotent_requests WHERE scope = $1 AND key = $2 AND status IS NULL', [
            scope,
            key,
          ])
    ).catch(() => undefined); // the claim expires by itself
  }
}
