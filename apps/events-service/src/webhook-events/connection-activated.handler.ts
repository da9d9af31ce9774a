import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { ulid, SyncContracts, type Envelope, type EventData } from '@cps/contracts';
import { PermanentEventError, type EventHandlerDefinition } from '@cps/messaging';
import { RecordWebhookEventUseCase } from './record-webhook-event.use-case.js';
import { connectionActivatedEvent } from './webhook-event-bodies.js';

type Contract = typeof SyncContracts.connectionActivated;

/** `sync.connection.activated.v1` -> webhook event `connection.activated`. */
@Injectable()
export class ConnectionActivatedHandler implements EventHandlerDefinition<Contract> {
  readonly name = 'webhooks-connection-activated';
  readonly event = SyncContracts.connectionActivated;

  constructor(private readonly recordEvent: RecordWebhookEventUseCase) {}

  async handle(envelope: Envelope<EventData<Contract>>, manager: EntityManager): Promise<void> {
    if (!envelope.teamId) throw new PermanentEventError(`${envelope.subject} ${envelope.id} has no teamId`);
    const event = connectionActivatedEvent(ulid(), envelope.teamId, envelope.occurredAt, envelope.data);
    await this.recordEvent.execute(event, manager);
  }
}
