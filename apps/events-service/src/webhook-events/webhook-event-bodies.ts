import {
  EventsContracts,
  type Connection,
  type EventData,
  type SyncContracts,
  type MatchingContracts,
  type WebhookEventType,
} from '@cps/contracts';

/** An event about to be stored and fanned out: `id` is its `webhook-id`, `body` the request body. */
export interface NewWebhookEvent {
  id: string;
  teamId: string;
  type: WebhookEventType;
  isSimulated: boolean;
  body: EventsContracts.WebhookEventBody;
}

/** The Connection a brand sees: no internal fields, and internal `revoked` shown as `disconnected`. */
export function publicConnection(connection: Connection): EventsContracts.WebhookConnection {
  return {
    connection_id: connection.connection_id,
    customer_id: connection.customer_id,
    retailer_id: connection.retailer_id,
    status: connection.status === 'revoked' ? 'disconnected' : connection.status,
    email: connection.email,
    mobile: connection.mobile,
    tags: connection.tags,
  };
}

export function connectionActivatedEvent(
  id: string,
  teamId: string,
  occurredAt: string,
  data: EventData<typeof SyncContracts.connectionActivated>,
): NewWebhookEvent {
  const body = EventsContracts.connectionActivatedWebhookSchema.parse({
    id,
    type: 'connection.activated',
    timestamp: occurredAt,
    is_simulated: data.connection.is_simulated,
    data: { connection: publicConnection(data.connection), first_activation: data.firstActivation },
  });
  return { id, teamId, type: body.type, isSimulated: body.is_simulated, body };
}

export function purchaseCreatedEvent(
  id: string,
  teamId: string,
  occurredAt: string,
  data: EventData<typeof MatchingContracts.purchaseMatched>,
): NewWebhookEvent {
  const body = EventsContracts.purchaseCreatedWebhookSchema.parse({
    id,
    type: 'purchase.created',
    timestamp: occurredAt,
    is_simulated: data.purchase.is_simulated,
    data: { purchase: data.purchase },
  });
  return { id, teamId, type: body.type, isSimulated: body.is_simulated, body };
}

export function connectionUnauthenticatedEvent(
  id: string,
  teamId: string,
  occurredAt: string,
  data: EventData<typeof SyncContracts.connectionUnauthenticated>,
): NewWebhookEvent {
  const body = EventsContracts.connectionUnauthenticatedWebhookSchema.parse({
    id,
    type: 'connection.unauthenticated',
    timestamp: occurredAt,
    is_simulated: data.connection.is_simulated,
    data: { connection: publicConnection(data.connection) },
  });
  return { id, teamId, type: body.type, isSimulated: body.is_simulated, body };
}
