import { type AttemptOutcome } from './attempt-outcome.js';
import { type RandomFn } from '../random.js';
import { nextAttemptAt } from './retry-schedule.js';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export type DeliveryTransition =
  | { status: 'succeeded'; nextAttemptAt: null; disableDestination: false }
  | { status: 'pending'; nextAttemptAt: Date; disableDestination: false }
  | { status: 'failed'; nextAttemptAt: null; disableDestination: boolean };

/**
 * The state of a delivery after an attempt. `attemptsMade` counts the attempt just made, so after the
 * first attempt it is 1 and the next delay is the schedule's second entry.
 */
export function deliveryAfterAttempt(
  attemptsMade: number,
  outcome: AttemptOutcome,
  scheduleSeconds: readonly number[],
  now: Date,
  random: RandomFn,
): DeliveryTransition {
  switch (outcome) {
    case 'succeeded':
      return { status: 'succeeded', nextAttemptAt: null, disableDestination: false };
    case 'disable':
      return { status: 'failed', nextAttemptAt: null, disableDestination: true };
    case 'retry': {
      const next = nextAttemptAt(attemptsMade, scheduleSeconds, now, random);
      return next
        ? { status: 'pending', nextAttemptAt: next, disableDestination: false }
        : { status: 'failed', nextAttemptAt: null, disableDestination: false };
    }
  }
}
