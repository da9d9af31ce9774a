import { decodeTime, isValid } from 'ulid';
import { monotonicUlid, ulid } from './ids.js';

describe('ids', () => {
  it('makes valid, distinct ULIDs carrying their time', () => {
    const ids = Array.from({ length: 10_000 }, () => ulid(1_700_000_000_000));
    expect(ids.every(isValid)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(decodeTime(ids[0]!)).toBe(1_700_000_000_000);
  });

  it('draws every character of the alphabet in the random part, across pool refills', () => {
    // 10,000 ids are 160,000 draws: the 4 KB pool is refilled about 40 times.
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i += 1) {
      for (const char of ulid().slice(10)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    // Uniform: each of the 32 characters about 5,000 times of 160,000.
    for (const count of counts.values()) expect(count).toBeGreaterThan(4_000);
  });

  it('increases within one millisecond when monotonic', () => {
    const next = monotonicUlid();
    const ids = Array.from({ length: 1_000 }, () => next(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
