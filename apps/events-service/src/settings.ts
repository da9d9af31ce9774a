// The platform's one Clock and Randomness ports (libs/domain): time and retry jitter are testable.
export { Clock, CryptoRandomness, Randomness, SystemClock } from '@cps/domain';

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
