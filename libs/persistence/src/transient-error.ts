/**
 * SQLSTATE classes and codes of Postgres failures that say nothing about the request: the connection, the server
 * or a concurrent transaction got in the way, the transaction rolled back, and the same request can be retried.
 */
const TRANSIENT_SQLSTATE_CLASSES = ['08']; // connection exception
const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '53300', // too_many_connections
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '55P03', // lock_not_available
  '57014', // query_canceled (statement timeout)
]);
const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /connection is not open|client has encountered a connection error/i,
  /Connection (?:lost|closed)/i,
  // pg, when a client whose backend was terminated is used again before the pool dropped it
  /Client was closed and is not queryable/i,
  // TypeORM, when a transaction's query runner was released under it by a lost connection (its pg client emitted
  // 'error', e.g. after pg_terminate_backend): QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError
  /Query runner already released/i,
  /connection provided by a query runner was already released/i,
];

/**
 * True for an error of the infrastructure, not of the request or the code: a lost or refused Postgres
 * connection, a terminated backend, a serialization failure or deadlock. Such a request answers 503 with
 * Retry-After (its transaction rolled back), never 500. TypeORM's QueryFailedError keeps pg's error as
 * `driverError`; both are looked at.
 */
export function isTransientError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, driverError, cause } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string') {
    if (TRANSIENT_SQLSTATES.has(code) || TRANSIENT_NODE_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return true;
  }
  if (typeof message === 'string' && TRANSIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return isTransientError(driverError, depth + 1) || isTransientError(cause, depth + 1);
}
