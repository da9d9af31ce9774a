import { Injectable } from '@nestjs/common';
import { type Webhook } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { WebhookDestinationRepository } from './webhook-destination.repository.js';
import { toWebhook, webhookNotFound } from './webhook-view.js';

@Injectable()
export class GetWebhookUseCase {
  constructor(private readonly destinations: WebhookDestinationRepository) {}

  async execute(teamId: string, webhookId: string): Promise<Webhook> {
    const destination = await this.destinations.findOwned(teamId, webhookId);
    if (!destination) throw new RpcRefusal(404, webhookNotFound(webhookId));
    return toWebhook(destination);
  }
}
