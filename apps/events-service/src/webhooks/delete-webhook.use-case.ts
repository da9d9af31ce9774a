import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { WebhookDestinationRepository } from './webhook-destination.repository.js';
import { webhookNotFound } from './webhook-view.js';

@Injectable()
export class DeleteWebhookUseCase {
  constructor(private readonly destinations: WebhookDestinationRepository) {}

  /** Pending deliveries go with it; an attempt already in flight finishes but is not recorded. */
  async execute(teamId: string, webhookId: string): Promise<{ webhook_id: string }> {
    if (!(await this.destinations.delete(teamId, webhookId))) throw new RpcRefusal(404, webhookNotFound(webhookId));
    return { webhook_id: webhookId };
  }
}
