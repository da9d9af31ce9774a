/** How long a shopper has to finish the hosted link flow from its first request. */
export const LINK_SESSION_TTL_MS = 30 * 60_000;

/** Wrong passwords accepted in one session before it ends (the retailer may lock the account sooner). */
export const MAX_FAILED_SIGN_INS = 5;

/** Link sessions are deleted this long after they expired (the daily housekeeping). */
export const EXPIRED_LINK_SESSION_RETENTION_MS = 24 * 3_600_000;
