import { randomBytes } from 'node:crypto';
import { sha256 } from '@cps/persistence';

const PREFIX_LENGTH = 12;

/** `cpk_` + 43 base64url characters (256 bits). Only the SHA-256 hash and a short prefix are stored. */
export function generateApiKey(): {
  secret: string;
  prefix: string;
  hash: string;
} {
  const secret = `cpk_${randomBytes(32).toString('base64url')}`;
  return {
    secret,
    prefix: secret.slice(0, PREFIX_LENGTH),
    hash: sha256(secret),
  };
}

export function hashApiKey(secret: string): string {
  return sha256(secret);
}
