import { Injectable } from '@nestjs/common';
import { ulid } from '@cps/contracts';
import { destinationAccepts, nextAttemptAt, Clock, Randomness } from '@cps/domain';
import { DeliverySettings } from '../settings.js';
import { WebhookDestinationRepository } from '../webhooks/webhook-destination.repository.js';
import { type EventFanOut, type FanOutContext } from './event-fan-out.js';
import { type NewWebhookEvent } from './webhook-event-bodies.js';

/** One pending delivery per active destination of the team that subscribes to the event's type. */
@Injectable()
export class WebhookDestinationFanOut implements EventFanOut {
  constructor(
    private readonly destinations: WebhookDestinationRepository,
    private readonly settings: DeliverySettings,
    private readonly clock: Clock,
    private readonly randomness: Randomness,
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
    const firstAttempt = nextAttemptAt(0, this.settings.retrySchedule, this.clock.now(), () =>
      this.randomness.fraction(),
    );
    if (!firstAttempt) return; // an empty schedule sends nothing (config requires at least one entry)
    storeEvent(event);
    queueDeliveries(
      recipients.map((destination) => ({
        id: ulid(),
        teamId: event.teamId,
        destinationId: destination.id,
        eventId: event.id,
        nextAttemptAt: firstAttempt,
      })),
    );
  }
}
