import { type RandomFn } from '@cps/domain';

/** Time and randomness, behind a port so retry timing is testable. */
export abstract class Clock {
  abstract now(): Date;
  abstract random: RandomFn;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }

  random: RandomFn = Math.random;
}

/** Which webhook URLs destinations may have. */
export abstract class WebhookUrlPolicy {
  abstract readonly allowHttp: boolean;
}

/** How the delivery worker sends and retries. */
export abstract class DeliverySettings {
  /** Seconds before each attempt (see WEBHOOK_RETRY_SCHEDULE). */
  abstract readonly retrySchedule: readonly number[];
  abstract readonly timeoutMs: number;
  abstract readonly pollMs: number;
  abstract readonly concurrency: number;
}
