import { AsyncLocalStorage } from 'node:async_hooks';

/** The NATS header RpcClient puts a request's idempotency key in, and RpcHandler reads it from. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * The idempotency key of the client request being served (set by the gateway around a keyed POST/PATCH):
 * every request/reply call made while it is set carries it to the answering service.
 */
export const requestIdempotencyKey = new AsyncLocalStorage<string>();

/**
 * Who asked for the client request being served, for the team's audit log (set by the gateway around a change made
 * with an API key or an app's token): a request of `AUDITED_CHANGES` made while it is set carries it
 * (AUDIT_ACTOR_HEADER), and the answering service records the change's event in the change's transaction.
 */
export const requestAuditActor = new AsyncLocalStorage<string>();
