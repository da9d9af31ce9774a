import { randomBytes, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Random values as a port, so use cases are tested with chosen draws: identifiers handed to people (link
 * ids, customer ids), secrets, simulator draws and retry jitter. The platform's one randomness port.
 */
export abstract class Randomness {
  /** Uniform in [0, 1). */
  abstract fraction(): number;
  /** `length` characters of [0-9A-Za-z], uniformly. */
  abstract base62(length: number): string;
  /** `bytes` cryptographically random bytes as base64url text (no padding), for bearer secrets. */
  abstract secret(bytes: number): string;
}

export class CryptoRandomness extends Randomness {
  fraction(): number {
    return randomInt(2 ** 47) / 2 ** 47;
  }

  base62(length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += BASE62[randomInt(BASE62.length)];
    return out;
  }

  secret(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }
}
