import { Injectable } from '@nestjs/common';
import { destinationAccepts } from '@cps/domain';
import { FirstDeliveries } from '../deliveries/first-deliveries.js';
import { WebhookDestinationRepository } from '../webhooks/webhook-destination.repository.js';
import { type EventFanOut, type FanOutContext } from './event-fan-out.js';
import { type NewWebhookEvent } from './webhook-event-bodies.js';

/** One pending delivery per active destination of the team that subscribes to the event's type. */
@Injectable()
export class WebhookDestinationFanOut implements EventFanOut {
  constructor(
    private readonly destinations: WebhookDestinationRepository,
    private readonly firstDeliveries: FirstDeliveries,
  ) {}

  async fanOut(
    event: NewWebhookEvent,
    { manager, storeEvent, queueDeliveries, perTransaction }: FanOutContext,
  ): Promise<void> {
    const active = await perTransaction(`webhook-destinations ${event.teamId}`, () =>
      this.destinations.activeForTeam(event.teamId, manager),
    );
    const recipients = active.filter((destination) => destinationAccepts(destination, event));
    if (recipients.length === 0) return;
    const deliveries = this.firstDeliveries.of(
      event.teamId,
      event.id,
      recipients.map((destination) => destination.id),
    );
    if (deliveries.length === 0) return;
    storeEvent(event);
    queueDeliveries(deliveries);
  }
}
