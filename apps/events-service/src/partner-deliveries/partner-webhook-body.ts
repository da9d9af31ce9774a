import { type EventsContracts } from '@cps/contracts';
import { onlyBrandProducts } from '@cps/domain';
import { type NewWebhookEvent } from '../webhook-events/webhook-event-bodies.js';

type WithServiceClientId<B> = B extends EventsContracts.WebhookEventBody
  ? {
      id: string;
      type: B['type'];
      timestamp: string;
      is_simulated: boolean;
      service_client_id: string;
      data: B['data'];
    }
  : never;

/** A partner-app delivery body: the brand's body plus `service_client_id` (the team that authorized the app). */
export type PartnerWebhookBody = WithServiceClientId<EventsContracts.WebhookEventBody>;

/** The partner copy of one event, with its own id (its `webhook-id`). */
export interface PartnerWebhookEvent {
  id: string;
  teamId: string;
  type: PartnerWebhookBody['type'];
  body: PartnerWebhookBody;
}

/**
 * The body partner apps of the event's team get, or null when they get nothing:
 * - simulated events never go to partner apps (they have no way to opt in, unlike webhook destinations);
 * - `purchase.created` is narrowed like a partner token's `GET /purchases/{id}` (`purchases:brand_products`):
 *   only the items matched to the team's products, `item_count` and `items_subtotal` over those; a purchase
 *   without such items is not sent, since the app could not read it either.
 * Field order: id, type, timestamp, is_simulated, service_client_id, data.
 */
export function partnerWebhookEvent(id: string, event: NewWebhookEvent): PartnerWebhookEvent | null {
  if (event.isSimulated || event.body.is_simulated) return null;
  const { body, teamId } = event;
  const head = { timestamp: body.timestamp, is_simulated: false, service_client_id: teamId };
  let partnerBody: PartnerWebhookBody;
  switch (body.type) {
    case 'connection.activated':
      partnerBody = { id, type: body.type, ...head, data: body.data };
      break;
    case 'connection.unauthenticated':
      partnerBody = { id, type: body.type, ...head, data: body.data };
      break;
    case 'purchase.created': {
      const purchase = onlyBrandProducts(body.data.purchase);
      if (!purchase) return null;
      partnerBody = { id, type: body.type, ...head, data: { purchase } };
      break;
    }
  }
  return { id, teamId, type: partnerBody.type, body: partnerBody };
}
