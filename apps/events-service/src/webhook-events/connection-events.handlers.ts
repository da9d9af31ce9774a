import { ulid, SyncContracts, type Envelope, type EventContract, type EventData } from '@cps/contracts';
import { eventConsumer, teamOf } from '@cps/messaging';
import { RecordWebhookEventUseCase } from './record-webhook-event.use-case.js';
import {
  connectionActivatedEvent,
  connectionUnauthenticatedEvent,
  type NewWebhookEvent,
} from './webhook-event-bodies.js';

/** A durable consumer of a connection fact that becomes one webhook event (`toEvent`) for the team's destinations. */
const connectionEventConsumer = <C extends EventContract<object>>(
  className: string,
  name: string,
  event: C,
  toEvent: (id: string, teamId: string, occurredAt: string, data: EventData<C>) => NewWebhookEvent,
) =>
  eventConsumer(className, {
    name,
    event,
    inject: [RecordWebhookEventUseCase],
    handle: async ([recordEvent], envelope: Envelope<EventData<C>>, manager) => {
      await recordEvent.execute(toEvent(ulid(), teamOf(envelope), envelope.occurredAt, envelope.data), manager);
    },
  });

/** `sync.connection.activated.v1` -> webhook event `connection.activated`. */
export const ConnectionActivatedHandler = connectionEventConsumer(
  'ConnectionActivatedHandler',
  'webhooks-connection-activated',
  SyncContracts.connectionActivated,
  connectionActivatedEvent,
);

/** `sync.connection.unauthenticated.v1` -> webhook event `connection.unauthenticated`. */
export const ConnectionUnauthenticatedHandler = connectionEventConsumer(
  'ConnectionUnauthenticatedHandler',
  'webhooks-connection-unauthenticated',
  SyncContracts.connectionUnauthenticated,
  connectionUnauthenticatedEvent,
);
