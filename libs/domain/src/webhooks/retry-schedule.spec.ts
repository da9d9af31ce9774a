import { jitteredDelayMs, nextAttemptAt, parseRetrySchedule } from './retry-schedule.js';

const DEFAULT = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];
const now = new Date('2025-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
const middle = () => 0.5; // no jitter
const lowest = () => 0; // -10%
const high = () => 0.75; // +5%

describe('nextAttemptAt', () => {
  it.each([
    // attemptsMade, schedule, random, expected
    [0, DEFAULT, lowest, at(0)],
    [0, DEFAULT, high, at(0)],
    [1, DEFAULT, middle, at(5_000)],
    [1, DEFAULT, lowest, at(4_500)],
    [1, DEFAULT, high, at(5_250)],
    [2, DEFAULT, middle, at(300_000)],
    [2, DEFAULT, lowest, at(270_000)],
    [3, DEFAULT, middle, at(1_800_000)],
    [4, DEFAULT, middle, at(7_200_000)],
    [5, DEFAULT, middle, at(18_000_000)],
    [6, DEFAULT, high, at(37_800_000)],
    [7, DEFAULT, lowest, at(32_400_000)],
    [8, DEFAULT, middle, null],
    [9, DEFAULT, middle, null],
    [1, [0, 1, 1, 2], lowest, at(1_000)],
    [3, [0, 1, 1, 2], high, at(2_000)],
    [4, [0, 1, 1, 2], middle, null],
    [0, [], middle, null],
  ] as const)('after %i attempts of %j (random %p) -> %s', (attemptsMade, schedule, random, expected) => {
    const next = nextAttemptAt(attemptsMade, schedule, now, random);
    expect(next?.toISOString() ?? null).toBe(expected);
  });

  it('stays within ±10% of every delay of 5 s or more for any random value', () => {
    for (let i = 0; i <= 100; i += 1) {
      const random = () => i / 100.0001;
      for (const seconds of [5, 300, 36000]) {
        const delay = jitteredDelayMs(seconds, random);
        expect(delay).toBeGreaterThanOrEqual(seconds * 900);
        expect(delay).toBeLessThanOrEqual(seconds * 1100);
      }
    }
  });

  it('rejects a negative or fractional attempt count', () => {
    expect(() => nextAttemptAt(-1, DEFAULT, now, middle)).toThrow();
    expect(() => nextAttemptAt(1.5, DEFAULT, now, middle)).toThrow();
  });
});

describe('parseRetrySchedule', () => {
  it.each([
    ['0,5,300,1800,7200,18000,36000,36000', DEFAULT],
    ['0, 1 ,1,2', [0, 1, 1, 2]],
    ['60', [60]],
  ])('%s -> %j', (text, expected) => {
    expect(parseRetrySchedule(text)).toEqual(expected);
  });

  it.each(['', '0,,5', '0,-5', '1.5', 'five', '0;5'])('rejects %j', (text) => {
    expect(() => parseRetrySchedule(text)).toThrow('comma-separated');
  });
});
