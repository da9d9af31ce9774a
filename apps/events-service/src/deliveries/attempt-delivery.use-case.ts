import { Injectable, Logger } from '@nestjs/common';
import {
  classifyAttempt,
  deliveryAfterAttempt,
  type AttemptOutcome,
  type AttemptResult,
  Clock,
  Randomness,
} from '@cps/domain';
import { SecretBox } from '@cps/persistence';
import { DeliverySettings } from '../settings.js';
import { DeliveryMetrics } from './delivery-metrics.js';
import { DeliveryRepository, type ClaimedDelivery } from './delivery.repository.js';
import { signedWebhookHeaders, WebhookTransport } from './webhook-transport.js';

export type AttemptReport = AttemptOutcome | 'unsent';

/** Makes one attempt of a leased delivery and records what happened. */
@Injectable()
export class AttemptDeliveryUseCase {
  private readonly logger = new Logger('WebhookDelivery');

  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly secrets: SecretBox,
    private readonly transport: WebhookTransport,
    private readonly settings: DeliverySettings,
    private readonly clock: Clock,
    private readonly randomness: Randomness,
    private readonly metrics: DeliveryMetrics,
  ) {}

  async execute(claimed: ClaimedDelivery): Promise<AttemptReport> {
    if (!claimed.destinationActive) {
      await this.deliveries.failUnsent(claimed, 'webhook is not active');
      this.metrics.finished.inc({ status: 'failed' });
      return 'unsent';
    }
    const attemptedAt = this.clock.now();
    const headers = signedWebhookHeaders(
      [claimed.secretSealed, claimed.previousSecretSealed]
        .filter((sealed): sealed is string => sealed !== null)
        .map((sealed) => this.secrets.open(sealed)),
      claimed.eventId,
      claimed.body,
      attemptedAt,
    );
    const started = performance.now();
    const result = await this.transport.send(
      { url: claimed.url, body: claimed.body, headers },
      this.settings.timeoutMs,
    );
    const durationMs = Math.round(performance.now() - started);

    const outcome = classifyAttempt(result);
    const finishedAt = this.clock.now();
    const transition = deliveryAfterAttempt(
      claimed.attempts + 1,
      outcome,
      this.settings.retrySchedule,
      finishedAt,
      () => this.randomness.fraction(),
    );
    const statusCode = 'statusCode' in result ? result.statusCode : null;
    const responseBody = 'statusCode' in result ? (result.responseBody ?? null) : null;
    await this.deliveries.recordAttempt(
      claimed,
      { attemptedAt, statusCode, error: attemptError(result), durationMs, responseBody },
      transition,
      transition.disableDestination ? `endpoint answered 410 Gone at ${finishedAt.toISOString()}` : null,
    );

    this.metrics.attempts.inc({ outcome });
    this.metrics.duration.observe(durationMs / 1000);
    if (transition.status !== 'pending') this.metrics.finished.inc({ status: transition.status });
    // Ids and status only: the URL and headers may carry secrets.
    const summary =
      `delivery ${claimed.id} event ${claimed.eventId} attempt ${claimed.attempts + 1}: ` +
      `${statusCode ?? 'no status'} -> ${transition.status}`;
    if (outcome === 'succeeded') this.logger.debug(summary);
    else this.logger.log(summary);
    if (transition.disableDestination) {
      this.logger.warn(`webhook ${claimed.destinationId} disabled: its endpoint answered 410 Gone`);
    }
    return outcome;
  }
}

/** What went wrong, for `last_error`; null on success. */
function attemptError(result: AttemptResult): string | null {
  if (!('statusCode' in result)) return result.error;
  const { statusCode } = result;
  if (statusCode >= 200 && statusCode <= 299) return null;
  if (statusCode >= 300 && statusCode <= 399) return `HTTP ${statusCode}: redirects are not followed`;
  if (statusCode === 410) return 'HTTP 410: endpoint gone; webhook disabled';
  return `HTTP ${statusCode}`;
}
