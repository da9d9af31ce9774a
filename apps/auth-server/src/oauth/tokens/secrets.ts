import { randomBytes } from 'node:crypto';
import { ulid } from '@cps/contracts';
import { sha256 } from '@cps/persistence';
import { FULL_SCOPE } from '../scope-policy.js';
import { REFRESH_TOKEN_TTL_SECONDS } from './refresh-policy.js';

/** 256 random bits, base64url (43 characters), behind a prefix that says what the secret is. */
export function randomSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

export const REFRESH_TOKEN_PREFIX = 'cprt_';
export const CLIENT_SECRET_PREFIX = 'cpas_';

/** Refresh tokens, client secrets and authorization codes are stored and looked up by this hash only. */
export function secretHash(secret: string): string {
  return sha256(secret);
}

/**
 * A new partner refresh token issued at `now`: the secret the client gets, and the ledger fields that belong to the
 * token itself (its id, hash, the full grant, 30 days). Where it sits in a family is the caller's.
 */
export function mintRefreshToken(now: Date): {
  secret: string;
  id: string;
  tokenHash: string;
  scope: string;
  issuedAt: Date;
  expiresAt: Date;
} {
  const secret = randomSecret(REFRESH_TOKEN_PREFIX);
  return {
    secret,
    id: ulid(),
    tokenHash: secretHash(secret),
    scope: FULL_SCOPE,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  };
}
