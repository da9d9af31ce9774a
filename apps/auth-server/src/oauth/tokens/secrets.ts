import { randomBytes } from 'node:crypto';
import { sha256 } from '@cps/persistence';

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
