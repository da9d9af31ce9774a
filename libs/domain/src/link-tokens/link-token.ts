import { LINK_TOKEN_LIFETIME_DAYS } from '@cps/contracts';
import { canonicalJson } from '../json/canonical-json.js';

/** Wire values: never rename. */
export type LinkTokenStatus = 'active' | 'expired' | 'revoked';

export const LINK_TOKEN_PREFIX = 'lt_v1_';
/** 32 random bytes in base64url are 43 characters (no padding). */
export const LINK_TOKEN_RANDOM_BYTES = 32;
const LINK_TOKEN_FORMAT = /^lt_v1_[A-Za-z0-9_-]{43}$/;

const DAY_MS = 86_400_000;

/** `lt_v1_` + the base64url text of the random bytes. */
export function formatLinkToken(randomBase64Url: string): string {
  const token = `${LINK_TOKEN_PREFIX}${randomBase64Url}`;
  if (!isLinkTokenFormat(token)) throw new RangeError('a link token needs 43 base64url characters of randomness');
  return token;
}

/** A string that could be one of our link tokens; anything else is unknown without a lookup. */
export function isLinkTokenFormat(value: string): boolean {
  return LINK_TOKEN_FORMAT.test(value);
}

/** Whole days from creation. */
export function linkTokenExpiry(createdAt: Date, expiresInDays: number): Date {
  if (!Number.isInteger(expiresInDays) || expiresInDays < 1) {
    throw new RangeError(`expires_in_days must be a positive whole number, got ${expiresInDays}`);
  }
  return new Date(createdAt.getTime() + expiresInDays * DAY_MS);
}

/**
 * Status is computed, never stored: a revoke wins over expiry, and a token is expired from the instant
 * `expires_at` is reached.
 */
export function linkTokenStatus(token: { expiresAt: Date; revokedAt: Date | null }, now: Date): LinkTokenStatus {
  if (token.revokedAt) return 'revoked';
  return now.getTime() >= token.expiresAt.getTime() ? 'expired' : 'active';
}

export interface LinkTokenRequest {
  customer_id: string;
  email?: string | null;
  mobile?: string | null;
  tags?: Record<string, string>;
  expires_in_days?: number;
}

/**
 * The canonical text of a creation request, compared when an idempotency key is reused: omitted
 * optional fields count as their defaults (no email = null email, no tags = {}, 30 days).
 */
export function linkTokenRequestIdentity(request: LinkTokenRequest): string {
  return canonicalJson({
    customer_id: request.customer_id,
    email: request.email ?? null,
    mobile: request.mobile ?? null,
    tags: request.tags ?? {},
    expires_in_days: request.expires_in_days ?? LINK_TOKEN_LIFETIME_DAYS.default,
  });
}
