import { AsyncLocalStorage } from 'node:async_hooks';

/** The NATS header RpcClient puts a request's idempotency key in, and RpcHandler reads it from. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * The idempotency key of the client request being served (set by the gateway around a keyed POST/PATCH):
 * every request/reply call made while it is set carries it to the answering service.
 */
export const requestIdempotencyKey = new AsyncLocalStorage<string>();
