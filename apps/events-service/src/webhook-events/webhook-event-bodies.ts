import {
  EventsContracts,
  publicConnection,
  TOLERANT_VALIDATOR_OPTIONS,
  toMessage,
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

export function connectionActivatedEvent(
  id: string,
  teamId: string,
  occurredAt: string,
  data: EventData<typeof SyncContracts.connectionActivated>,
): NewWebhookEvent {
  const body = toBody(EventsContracts.ConnectionActivatedWebhook, {
    id,
    type: 'connection.activated',
    timestamp: occurredAt,
    is_simulated: data.connection.is_simulated,
    data: { connection: publicConnection(data.connection), first_activation: data.firstActivation },
  });
  return { id, teamId, type: body.type, isSimulated: body.is_simulated, body };
}

/**
 * purchase.created from a consumed `matching.purchase.matched.v1`. Its body is not checked again, unlike the others:
 * the purchase, its only part of any size, is the event's data that the consumer has just checked with the same class
 * (`PurchaseDetail`: unknown fields dropped, fields in declared order), and the rest is the id made here and the
 * envelope's checked `occurredAt`. Checking it again showed in events-service's profile (bench/sync README).
 */
export function purchaseCreatedEvent(
  id: string,
  teamId: string,
  occurredAt: string,
  data: EventData<typeof MatchingContracts.purchaseMatched>,
): NewWebhookEvent {
  const body: EventsContracts.PurchaseCreatedWebhook = {
    id,
    type: 'purchase.created',
    timestamp: occurredAt,
    is_simulated: data.purchase.is_simulated,
    data: { purchase: data.purchase },
  };
  return { id, teamId, type: body.type, isSimulated: body.is_simulated, body };
}

export function connectionUnauthenticatedEvent(
  id: string,
  teamId: string,
  occurredAt: string,
  data: EventData<typeof SyncContracts.connectionUnauthenticated>,
): NewWebhookEvent {
  const body = toBody(EventsContracts.ConnectionUnauthenticatedWebhook, {
    id,
    type: 'connection.unauthenticated',
    timestamp: occurredAt,
    is_simulated: data.connection.is_simulated,
    data: { connection: publicConnection(data.connection) },
  });
  return { id, teamId, type: body.type, isSimulated: body.is_simulated, body };
}

/** The body checked against its class before it is stored; fields the class does not know are dropped. */
function toBody<T extends EventsContracts.WebhookEventBody>(cls: new () => T, body: T): T {
  return toMessage(cls, body, TOLERANT_VALIDATOR_OPTIONS);
}
