import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { SecretBox } from '@cps/persistence';
import { PartnerAppRepository } from './partner-app.repository.js';

/** For events-service: where a partner app's webhooks go and the secrets that sign them. */
@Injectable()
export class GetPartnerAppWebhookUseCase {
  constructor(
    private readonly apps: PartnerAppRepository,
    private readonly box: SecretBox,
  ) {}

  async execute(clientId: string): Promise<AuthContracts.PartnerAppWebhook> {
    const app = await this.apps.find(clientId);
    if (!app) throw new RpcRefusal(404, `partner app ${clientId} not found`);
    const previous = app.previousWebhookSecretSealed && app.previousWebhookSecretUntil ? app : null;
    return {
      client_id: clientId,
      webhook_url: app.webhookUrl,
      webhook_secret: this.box.open(app.webhookSecretSealed),
      previous_webhook_secret: previous ? this.box.open(previous.previousWebhookSecretSealed!) : null,
      previous_secret_until: previous ? previous.previousWebhookSecretUntil!.toISOString() : null,
    };
  }
}
