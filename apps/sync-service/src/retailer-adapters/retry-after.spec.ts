import { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after.js';

describe('parseRetryAfter', () => {
  const now = new Date('2026-01-10T12:00:00.000Z');

  it.each<[string | null, number | null]>([
    [null, null],
    ['', null],
    ['0', 0],
    ['7', 7_000],
    [' 120 ', 120_000],
    ['Sat, 10 Jan 2026 12:00:30 GMT', 30_000],
    ['Sat, 10 Jan 2026 11:00:00 GMT', 0],
    ['99999999', MAX_RETRY_AFTER_MS],
    ['-5', null],
    ['1.5', null],
    ['soon', null],
    ['2026-01-10T12:00:30Z', null],
  ])('%p -> %p', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});
