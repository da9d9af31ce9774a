import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { Transactor } from '@cps/persistence';
import { WebhookDestinationRepository } from './webhook-destination.repository.js';
import { webhookNotFound } from './webhook-view.js';

@Injectable()
export class DeleteWebhookUseCase {
  constructor(
    private readonly destinations: WebhookDestinationRepository,
    private readonly transactor: Transactor,
  ) {}

  /** Pending deliveries go with it; an attempt already in flight finishes but is not recorded. */
  async execute(teamId: string, webhookId: string): Promise<{ webhook_id: string }> {
    const deleted = await this.transactor.run((tx) => this.destinations.delete(tx, teamId, webhookId));
    if (!deleted) throw new RpcRefusal(404, webhookNotFound(webhookId));
    return { webhook_id: webhookId };
  }
}
