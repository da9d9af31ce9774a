import { type Webhook } from '@cps/contracts';
import { type WebhookDestinationEntity } from './webhook-destination.entity.js';
import { toWebhookEventType } from './webhook-event-type.js';

/** The public Webhook of a destination row; never the secret. */
export function toWebhook(destination: WebhookDestinationEntity): Webhook {
  return {
    webhook_id: destination.id,
    name: destination.name,
    url: destination.url,
    event_types: destination.eventTypes.map(toWebhookEventType),
    is_active: destination.isActive,
    receive_simulated_events: destination.receiveSimulatedEvents,
    created_at: destination.createdAt.toISOString(),
  };
}

export const webhookNotFound = (id: string) => `webhook ${id} not found`;
