import { Injectable } from '@nestjs/common';
import { ulid } from '@cps/contracts';
import { FirstDeliveries } from '../deliveries/first-deliveries.js';
import { type EventFanOut, type FanOutContext } from '../webhook-events/event-fan-out.js';
import { type NewWebhookEvent } from '../webhook-events/webhook-event-bodies.js';
import { PartnerTargetRepository } from './partner-target.repository.js';
import { partnerWebhookEvent } from './partner-webhook-body.js';

/**
 * One pending delivery per active partner installation of the event's team, with the partner body
 * (`service_client_id` added) stored as its own `webhook_events` row, so it has its own `webhook-id` and
 * is signed with the partner app's secret by the usual delivery worker. Simulated events are not sent.
 */
@Injectable()
export class PartnerAppFanOut implements EventFanOut {
  constructor(
    private readonly targets: PartnerTargetRepository,
    private readonly firstDeliveries: FirstDeliveries,
  ) {}

  async fanOut(
    event: NewWebhookEvent,
    { manager, storeEvent, queueDeliveries, perTransaction }: FanOutContext,
  ): Promise<void> {
    if (event.isSimulated) return;
    const recipients = await perTransaction(`partner-targets ${event.teamId}`, () =>
      this.targets.deliveringForTeam(manager, event.teamId),
    );
    if (recipients.length === 0) return;
    const partnerEvent = partnerWebhookEvent(ulid(), event);
    if (!partnerEvent) return;
    const deliveries = this.firstDeliveries.of(
      event.teamId,
      partnerEvent.id,
      recipients.map((recipient) => recipient.destinationId),
    );
    if (deliveries.length === 0) return;
    storeEvent({ ...partnerEvent, isSimulated: false });
    queueDeliveries(deliveries);
  }
}
