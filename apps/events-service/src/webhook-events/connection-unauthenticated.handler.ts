import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { ulid, SyncContracts, type Envelope, type EventData } from '@cps/contracts';
import { PermanentEventError, type EventHandlerDefinition } from '@cps/messaging';
import { RecordWebhookEventUseCase } from './record-webhook-event.use-case.js';
import { connectionUnauthenticatedEvent } from './webhook-event-bodies.js';

type Contract = typeof SyncContracts.connectionUnauthenticated;

/** `sync.connection.unauthenticated.v1` -> webhook event `connection.unauthenticated`. */
@Injectable()
export class ConnectionUnauthenticatedHandler implements EventHandlerDefinition<Contract> {
  readonly name = 'webhooks-connection-unauthenticated';
  readonly event = SyncContracts.connectionUnauthenticated;

  constructor(private readonly recordEvent: RecordWebhookEventUseCase) {}

  async handle(envelope: Envelope<EventData<Contract>>, manager: EntityManager): Promise<void> {
    if (!envelope.teamId) throw new PermanentEventError(`${envelope.subject} ${envelope.id} has no teamId`);
    const event = connectionUnauthenticatedEvent(ulid(), envelope.teamId, envelope.occurredAt, envelope.data);
    await this.recordEvent.execute(event, manager);
  }
}
