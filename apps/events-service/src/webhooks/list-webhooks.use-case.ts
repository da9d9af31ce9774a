import { Injectable } from '@nestjs/common';
import { type Webhook } from '@cps/contracts';
import { WebhookDestinationRepository } from './webhook-destination.repository.js';
import { toWebhook } from './webhook-view.js';

@Injectable()
export class ListWebhooksUseCase {
  constructor(private readonly destinations: WebhookDestinationRepository) {}

  async execute(teamId: string): Promise<{ webhooks: Webhook[] }> {
    const rows = await this.destinations.listForTeam(teamId);
    return { webhooks: rows.map(toWebhook) };
  }
}
