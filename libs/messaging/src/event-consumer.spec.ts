import { DEFAULT_REDELIVERY_BACKOFF_MS, redeliveryDelay } from './event-consumer.js';

describe('redeliveryDelay', () => {
  it.each([
    [1, 1_000],
    [2, 5_000],
    [7, 300_000],
    [8, 300_000],
    [0, 1_000],
  ])('after %i failed deliveries waits %i ms', (deliveries, delay) => {
    expect(redeliveryDelay(deliveries)).toBe(delay);
  });

  it('follows a configured schedule', () => {
    expect([1, 2, 3, 4].map((n) => redeliveryDelay(n, [10, 20, 30]))).toEqual([10, 20, 30, 30]);
    expect(DEFAULT_REDELIVERY_BACKOFF_MS).toHaveLength(7);
  });
});
