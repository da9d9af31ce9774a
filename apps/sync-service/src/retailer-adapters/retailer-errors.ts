/**
 * Trouble at the retailer, typed so the scheduler can react: SessionLost -> sign in again with the
 * stored credentials or mark the connection unauthenticated; RateLimited -> wait; RetailerUnavailable ->
 * back off this connection only. Messages never carry credentials, tokens or response bodies.
 */
export abstract class RetailerError extends Error {
  constructor(
    readonly retailerId: string,
    message: string,
  ) {
    super(`${retailerId}: ${message}`);
    this.name = new.target.name;
  }
}

export type SessionLossReason = 'expired' | 'revoked' | 'invalid';

/** The session no longer works (it expired, the password changed, or the retailer forgot it). */
export class SessionLost extends RetailerError {
  constructor(
    retailerId: string,
    readonly reason: SessionLossReason,
  ) {
    super(retailerId, `session lost (${reason})`);
  }
}

/** The retailer asked us to slow down; try this account again after `retryAfterMs`. */
export class RateLimited extends RetailerError {
  constructor(
    retailerId: string,
    readonly retryAfterMs: number,
  ) {
    super(retailerId, `rate limited, retry after ${retryAfterMs} ms`);
  }
}

export type UnavailabilityReason = 'timeout' | 'network' | 'server_error' | 'unexpected_response';

/** The retailer did not answer usefully: too slow, unreachable, a 5xx, or an answer we do not understand. */
export class RetailerUnavailable extends RetailerError {
  constructor(
    retailerId: string,
    readonly reason: UnavailabilityReason,
    readonly status: number | null = null,
    /** When the retailer said when to come back (Retry-After on a 503). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(retailerId, `unavailable (${reason}${status === null ? '' : ` ${status}`})`);
  }
}
