import { randomFillSync } from 'node:crypto';
import { monotonicFactory, ulid as ulidOf, type ULID, type ULIDFactory } from 'ulid';

const pool = Buffer.alloc(4096);
let next = pool.length;

/**
 * A random fraction in [0, 1) from the operating system's CSPRNG, drawn from a pooled buffer: the `ulid` package's
 * own generator makes one `getRandomValues` call per character (16 per id), which showed in sync-service's and
 * events-service's profiles under ingest load (bench/sync README).
 */
function pooledFraction(): number {
  if (next >= pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++]! / 256;
}

/** A new ULID (the platform's id format): time-ordered to the millisecond, 80 random bits. */
export function ulid(seedTime?: number): ULID {
  return ulidOf(seedTime, pooledFraction);
}

/** A generator of ULIDs that also increase within one millisecond (the outbox's row order). */
export function monotonicUlid(): ULIDFactory {
  return monotonicFactory(pooledFraction);
}
