import { Injectable } from '@nestjs/common';
import { EventsContracts, type Webhook } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

export interface WebhookView {
  webhook: Webhook;
  /** The latest 50 deliveries. */
  deliveries: EventsContracts.WebhookDelivery[];
  /** How many of them failed (what "Replay all failed" sends again). */
  failed: number;
}

/** A webhook destination of the team with its delivery log. */
@Injectable()
export class ShowWebhook {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, webhookId: string): Promise<WebhookView> {
    const ref = { teamId, webhookId };
    const [webhook, { deliveries }] = await Promise.all([
      this.rpc.request(EventsContracts.getWebhook, ref),
      this.rpc.request(EventsContracts.listDeliveries, { ...ref, limit: 50 }),
    ]);
    return { webhook, deliveries, failed: deliveries.filter((delivery) => delivery.status === 'failed').length };
  }
}
