import { Injectable, Logger } from '@nestjs/common';
import { classifyAttempt, deliveryAfterAttempt, type AttemptResult, Clock, Randomness } from '@cps/domain';
import { SecretBox } from '@cps/persistence';
import { WebhookTransport } from '../deliveries/webhook-transport.js';
import { DeliverySettings } from '../settings.js';
import { awardRequest } from './award-requests.js';
import { AwardCustomers } from './award-customers.js';
import { AwardRepository, type AwardAttempt, type ClaimedAward } from './award.repository.js';

/**
 * Makes one attempt of a leased award: finds the customer (from the event, or sync-service), sends the adapter's
 * request through the outbound guard (ADR 0010) and records the outcome. Failures are retried on the webhook
 * schedule (WEBHOOK_RETRY_SCHEDULE, with jitter) and stay visible in the ledger (`attempts`, `last_error`,
 * `next_attempt_at`); an award that cannot be sent (no such customer, integration turned off) fails at once.
 */
@Injectable()
export class AttemptAwardUseCase {
  private readonly logger = new Logger('IntegrationAwards');

  constructor(
    private readonly awards: AwardRepository,
    private readonly customers: AwardCustomers,
    private readonly secrets: SecretBox,
    private readonly transport: WebhookTransport,
    private readonly settings: DeliverySettings,
    private readonly clock: Clock,
    private readonly randomness: Randomness,
  ) {}

  async execute(claimed: ClaimedAward): Promise<AwardAttempt['status']> {
    if (!claimed.integrationActive) return this.finish(claimed, fail('integration is not active'));
    let customerValue = claimed.customerValue;
    if (customerValue === null) {
      let lookup;
      try {
        lookup = await this.customers.lookup(claimed.teamId, claimed.connectionId, claimed.customerIdentifier);
      } catch (error) {
        return this.finish(
          claimed,
          this.after(claimed, { error: `customer lookup failed: ${(error as Error).message}` }, null),
        );
      }
      if (lookup.kind === 'missing') return this.finish(claimed, fail(lookup.reason));
      customerValue = lookup.value;
    }
    const request = awardRequest(
      {
        awardId: claimed.id,
        integrationId: claimed.integrationId,
        kind: claimed.kind,
        adapter: claimed.adapter,
        baseUrl: claimed.baseUrl,
        credential: this.secrets.open(claimed.credentialSealed),
        trigger: claimed.trigger,
        customerIdentifier: claimed.customerIdentifier,
        customerValue,
        points: claimed.points,
        itemsSubtotal: claimed.itemsSubtotal,
        connectionId: claimed.connectionId,
        purchaseId: claimed.purchaseId,
        isSimulated: claimed.isSimulated,
        occurredAt: new Date(claimed.occurredAt),
      },
      this.clock.now(),
    );
    const result = await this.transport.send(request, this.settings.timeoutMs);
    return this.finish(claimed, this.after(claimed, result, customerValue));
  }

  /** The award after an attempt that got `result`. */
  private after(claimed: ClaimedAward, result: AttemptResult, customerValue: string | null): AwardAttempt {
    const transition = deliveryAfterAttempt(
      claimed.attempts + 1,
      classifyAttempt(result),
      this.settings.retrySchedule,
      this.clock.now(),
      () => this.randomness.fraction(),
    );
    const statusCode = 'statusCode' in result ? result.statusCode : null;
    const error =
      'error' in result
        ? result.error
        : statusCode !== null && (statusCode < 200 || statusCode > 299)
          ? `HTTP ${statusCode}`
          : null;
    return { status: transition.status, nextAttemptAt: transition.nextAttemptAt, statusCode, error, customerValue };
  }

  private async finish(claimed: ClaimedAward, attempt: AwardAttempt): Promise<AwardAttempt['status']> {
    await this.awards.recordAttempt(claimed, attempt);
    // Ids and status only: URLs and headers may carry credentials, customers are personal data.
    this.logger.log(
      `award ${claimed.id} (${claimed.trigger}) attempt ${claimed.attempts + 1}: ${attempt.statusCode ?? 'no status'} -> ${attempt.status}`,
    );
    return attempt.status;
  }
}

function fail(reason: string): AwardAttempt {
  return { status: 'failed', nextAttemptAt: null, statusCode: null, error: reason, customerValue: null };
}
