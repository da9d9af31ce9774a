import { type RandomFn } from '../random.js';

/** How often and how patiently the sync scheduler polls one connection's retailer account. */
export interface PollTiming {
  /** Between two successful polls, before jitter. */
  intervalMs: number;
  /** Spread of every delay, as a fraction: 0.2 is ±20%, so connections linked together drift apart. */
  jitter: number;
  /** First delay after a failure; it doubles with each further failure in a row. */
  retryBaseMs: number;
  /** The longest our own backoff waits (a retailer's Retry-After may ask for longer; it is honoured). */
  maxBackoffMs: number;
}

/** Why the last poll of a connection failed. */
export type PollFailure =
  /** The retailer answered 429: wait at least what it asked. */
  | { kind: 'rate_limited'; retryAfterMs: number }
  /** Timeout, network error, 5xx or an answer we do not understand; a 503 may say when to come back. */
  | { kind: 'unavailable'; retryAfterMs: number | null }
  /** Our side failed (database, a bug): retry like an outage. */
  | { kind: 'internal' };

function jittered(ms: number, jitter: number, random: RandomFn): number {
  return Math.max(0, Math.round(ms * (1 + jitter * (random() * 2 - 1))));
}

function checkTiming(timing: PollTiming): void {
  const { intervalMs, jitter, retryBaseMs, maxBackoffMs } = timing;
  if (![intervalMs, retryBaseMs, maxBackoffMs].every((ms) => Number.isFinite(ms) && ms >= 0)) {
    throw new RangeError('poll timings must be milliseconds >= 0');
  }
  if (!(jitter >= 0 && jitter < 1)) throw new RangeError(`jitter must be in [0, 1), got ${jitter}`);
}

/** Delay before the next regular poll after a successful one. */
export function nextPollDelayMs(timing: PollTiming, random: RandomFn): number {
  checkTiming(timing);
  return jittered(timing.intervalMs, timing.jitter, random);
}

/**
 * Delay before polling a connection again after `consecutiveFailures` failed polls in a row (>= 1):
 * exponential from `retryBaseMs`, capped at `maxBackoffMs`, jittered. A delay the retailer asked for
 * (Retry-After) is a floor: never earlier than it asked, even beyond our own cap.
 */
export function retryDelayMs(
  timing: PollTiming,
  consecutiveFailures: number,
  failure: PollFailure,
  random: RandomFn,
): number {
  checkTiming(timing);
  if (!Number.isInteger(consecutiveFailures) || consecutiveFailures < 1) {
    throw new RangeError(`consecutiveFailures must be a whole number >= 1, got ${consecutiveFailures}`);
  }
  const exponent = Math.min(consecutiveFailures - 1, 30);
  const backoff = jittered(Math.min(timing.maxBackoffMs, timing.retryBaseMs * 2 ** exponent), timing.jitter, random);
  const asked = failure.kind === 'internal' ? null : failure.retryAfterMs;
  return asked === null ? backoff : Math.max(asked, backoff);
}
