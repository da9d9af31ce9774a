import { Injectable } from '@nestjs/common';
import { type EventsContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { Clock } from '@cps/domain';
import { WebhookDestinationRepository } from '../webhooks/webhook-destination.repository.js';
import { webhookNotFound } from '../webhooks/webhook-view.js';
import { DeliveryRepository } from './delivery.repository.js';

/** "Replay all failed": every failed delivery of the destination goes again now, with its own `webhook-id`. */
@Injectable()
export class RetryFailedDeliveriesUseCase {
  constructor(
    private readonly destinations: WebhookDestinationRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ teamId, webhookId }: EventsContracts.WebhookRef): Promise<EventsContracts.RetriedDeliveries> {
    const destination = await this.destinations.findOwned(teamId, webhookId);
    if (!destination) throw new RpcRefusal(404, webhookNotFound(webhookId));
    if (!destination.isActive) throw new RpcRefusal(409, `webhook ${webhookId} is not active`);
    return { requeued: await this.deliveries.requeueFailed(teamId, webhookId, this.clock.now()) };
  }
}
