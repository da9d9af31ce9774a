import { nextPollDelayMs, retryDelayMs, type PollFailure, type PollTiming } from './poll-schedule.js';

const TIMING: PollTiming = { intervalMs: 60_000, jitter: 0.2, retryBaseMs: 1_000, maxBackoffMs: 300_000 };
const middle = () => 0.5; // no jitter
const low = () => 0; // -20%
const high = () => 0.999_999; // about +20%

describe('nextPollDelayMs', () => {
  it.each<[string, () => number, number]>([
    ['the interval at the middle of the jitter', middle, 60_000],
    ['at most 20% earlier', low, 48_000],
    ['at most 20% later', high, 72_000],
  ])('%s', (_name, random, expected) => {
    expect(nextPollDelayMs(TIMING, random)).toBe(expected);
  });

  it('refuses a jitter of 1 or more (a zero delay would hammer the retailer)', () => {
    expect(() => nextPollDelayMs({ ...TIMING, jitter: 1 }, middle)).toThrow(RangeError);
  });
});

describe('retryDelayMs', () => {
  const unavailable: PollFailure = { kind: 'unavailable', retryAfterMs: null };
  it.each<[string, number, PollFailure, number]>([
    ['first failure: the base delay', 1, unavailable, 1_000],
    ['doubles with each failure in a row', 4, unavailable, 8_000],
    ['capped at maxBackoffMs', 20, unavailable, 300_000],
    ['a huge failure count stays capped', 10_000, { kind: 'internal' }, 300_000],
    ['429: at least what the retailer asked', 1, { kind: 'rate_limited', retryAfterMs: 30_000 }, 30_000],
    ['429 asking less than our backoff: our backoff', 6, { kind: 'rate_limited', retryAfterMs: 2_000 }, 32_000],
    ['429 asking beyond our cap: honoured', 20, { kind: 'rate_limited', retryAfterMs: 3_600_000 }, 3_600_000],
    ['503 with Retry-After: honoured', 1, { kind: 'unavailable', retryAfterMs: 10_000 }, 10_000],
  ])('%s', (_name, failures, failure, expected) => {
    expect(retryDelayMs(TIMING, failures, failure, middle)).toBe(expected);
  });

  it('jitters its own backoff but never goes below a Retry-After', () => {
    const failure: PollFailure = { kind: 'rate_limited', retryAfterMs: 1_000 };
    expect(retryDelayMs(TIMING, 1, failure, low)).toBe(1_000);
    expect(retryDelayMs(TIMING, 2, unavailable, low)).toBe(1_600);
  });

  it.each([0, -1, 1.5])('refuses %p failures', (failures) => {
    expect(() => retryDelayMs(TIMING, failures, unavailable, middle)).toThrow(RangeError);
  });
});
