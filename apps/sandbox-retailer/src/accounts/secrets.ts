import { randomBytes, randomInt } from 'node:crypto';
import { sha256 } from '@cps/persistence';

/** An opaque bearer secret: a readable prefix and 256 random bits. Only its SHA-256 is stored. */
export function newSecret(prefix: 'sbx_sess_' | 'sbx_otp_'): { secret: string; hash: string } {
  const secret = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: sha256(secret) };
}

export function hashSecret(secret: string): string {
  return sha256(secret);
}

/** Six digits, uniformly. */
export function newOneTimeCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/** `jane.doe@example.com` -> `j***@example.com`: what a retailer shows about where it sent the code. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
