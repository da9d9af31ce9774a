import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { SecretBox } from '@cps/persistence';
import { PartnerAppRepository } from './partner-app.repository.js';

/** For events-service: where a partner app's webhooks go and the secret that signs them. */
@Injectable()
export class GetPartnerAppWebhookUseCase {
  constructor(
    private readonly apps: PartnerAppRepository,
    private readonly box: SecretBox,
  ) {}

  async execute(clientId: string): Promise<{ client_id: string; webhook_url: string | null; webhook_secret: string }> {
    const app = await this.apps.find(clientId);
    if (!app) throw new RpcRefusal(404, `partner app ${clientId} not found`);
    return { client_id: clientId, webhook_url: app.webhookUrl, webhook_secret: this.box.open(app.webhookSecretSealed) };
  }
}
