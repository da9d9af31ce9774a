import { Injectable } from '@nestjs/common';
import { type EventsContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { SecretBox, Transactor } from '@cps/persistence';
import { Clock } from '@cps/domain';
import { WebhookDestinationRepository } from './webhook-destination.repository.js';
import { generateWebhookSecret } from './webhook-secret.js';
import { webhookNotFound } from './webhook-view.js';

/**
 * A destination's new signing secret, shown once. During the overlap every request carries both signatures (the
 * delivery claim reads the old secret while `previous_secret_until` is ahead), so a receiver can switch secrets
 * without rejecting a request.
 */
@Injectable()
export class RotateWebhookSecretUseCase {
  constructor(
    private readonly destinations: WebhookDestinationRepository,
    private readonly transactor: Transactor,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
  ) {}

  async execute(request: EventsContracts.RotateWebhookSecretRequest): Promise<EventsContracts.RotatedWebhookSecret> {
    const secret = generateWebhookSecret();
    const until =
      request.overlap_hours > 0 ? new Date(this.clock.now().getTime() + request.overlap_hours * 3_600_000) : null;
    const sealed = this.secrets.seal(secret);
    const rotated = await this.transactor.run((tx) =>
      this.destinations.rotateSecret(tx, request.teamId, request.webhookId, sealed, until),
    );
    if (!rotated) {
      throw new RpcRefusal(404, webhookNotFound(request.webhookId));
    }
    return { webhook_id: request.webhookId, secret, previous_secret_until: until?.toISOString() ?? null };
  }
}
