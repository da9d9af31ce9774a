import { type AttemptOutcome } from './attempt-outcome.js';
import { deliveryAfterAttempt } from './delivery-state.js';

const SCHEDULE = [0, 5, 300];
const now = new Date('2025-01-01T00:00:00.000Z');
const noJitter = () => 0.5;

describe('deliveryAfterAttempt', () => {
  it.each<[number, AttemptOutcome, string, string | null, boolean]>([
    // attempts made (including this one), outcome -> status, next attempt, disable destination
    [1, 'succeeded', 'succeeded', null, false],
    [3, 'succeeded', 'succeeded', null, false],
    [1, 'retry', 'pending', '2025-01-01T00:00:05.000Z', false],
    [2, 'retry', 'pending', '2025-01-01T00:05:00.000Z', false],
    [3, 'retry', 'failed', null, false],
    [4, 'retry', 'failed', null, false],
    [1, 'disable', 'failed', null, true],
    [2, 'disable', 'failed', null, true],
  ])('attempt %i %s -> %s next=%s disable=%s', (attempts, outcome, status, next, disable) => {
    const result = deliveryAfterAttempt(attempts, outcome, SCHEDULE, now, noJitter);
    expect(result.status).toBe(status);
    expect(result.nextAttemptAt?.toISOString() ?? null).toBe(next);
    expect(result.disableDestination).toBe(disable);
  });
});
