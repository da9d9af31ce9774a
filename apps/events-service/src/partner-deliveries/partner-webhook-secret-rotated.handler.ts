import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { AuthContracts } from '@cps/contracts';
import { eventConsumer } from '@cps/messaging';
import { SecretBox } from '@cps/persistence';
import { PartnerAppSecrets } from './partner-app-secrets.js';

/**
 * A partner app's destinations take its secrets as auth-server has them now (the new one signs; the old one
 * signs too until the overlap ends). Reading the current state, not the event's, makes redeliveries and
 * out-of-order rotations converge on the latest.
 */
@Injectable()
export class ApplyWebhookSecretRotationUseCase {
  constructor(
    private readonly secrets: PartnerAppSecrets,
    private readonly box: SecretBox,
  ) {}

  async execute(clientId: string, manager: EntityManager): Promise<void> {
    const secrets = await this.secrets.webhookSecrets(clientId);
    if (!secrets) return; // the app is gone: its destinations stop with its installations
    await manager.query(
      `UPDATE events.webhook_destinations
          SET secret_sealed = $2, previous_secret_sealed = $3, previous_secret_until = $4, updated_at = now()
        WHERE id IN (SELECT destination_id FROM events.partner_delivery_targets
                      WHERE client_id = $1 AND destination_id IS NOT NULL)`,
      [
        clientId,
        this.box.seal(secrets.current),
        secrets.previous ? this.box.seal(secrets.previous.secret) : null,
        secrets.previous?.until ?? null,
      ],
    );
  }
}

/** `auth.partner-app.webhook-secret-rotated.v1` (durable consumer; never rename `name`). */
export const PartnerWebhookSecretRotatedHandler = eventConsumer('PartnerWebhookSecretRotatedHandler', {
  name: 'partner-webhook-secret-rotated',
  event: AuthContracts.partnerAppWebhookSecretRotated,
  inject: [ApplyWebhookSecretRotationUseCase],
  handle: async ([apply], envelope, manager) => {
    await apply.execute(envelope.data.clientId, manager);
  },
});
