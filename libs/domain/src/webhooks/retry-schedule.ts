import { type RandomFn } from '../random.js';

/** Delays at or above this many seconds get jitter; shorter ones stay exact (0 means "now"). */
const JITTER_THRESHOLD_SECONDS = 5;
/** Jitter spreads retries of many deliveries that failed together (an outage) by up to ±10%. */
const JITTER_FRACTION = 0.1;

/**
 * Parses a retry schedule written as comma-separated seconds (`0,5,300`). Entry n is the delay before
 * attempt n+1, counted from the previous attempt (the first from the event). Throws on anything else.
 */
export function parseRetrySchedule(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.some((part) => !/^\d+$/.test(part))) {
    throw new Error('retry schedule must be comma-separated whole seconds, e.g. 0,5,300');
  }
  return parts.map(Number);
}

/** A delay in milliseconds for `seconds`, with jitter of up to ±10% when it is 5 s or more. */
export function jitteredDelayMs(seconds: number, random: RandomFn): number {
  const base = seconds * 1000;
  if (seconds < JITTER_THRESHOLD_SECONDS) return base;
  const factor = 1 + (random() * 2 - 1) * JITTER_FRACTION;
  return Math.round(base * factor);
}

/**
 * When the next attempt of a delivery is due after `attemptsMade` attempts (0 = none yet), or null
 * when the schedule is exhausted and the delivery has failed for good.
 */
export function nextAttemptAt(
  attemptsMade: number,
  scheduleSeconds: readonly number[],
  now: Date,
  random: RandomFn,
): Date | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 0) throw new Error('attemptsMade must be a whole number');
  const seconds = scheduleSeconds[attemptsMade];
  if (seconds === undefined) return null;
  return new Date(now.getTime() + jitteredDelayMs(seconds, random));
}
