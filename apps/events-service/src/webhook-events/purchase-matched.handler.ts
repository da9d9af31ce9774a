import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { ulid, MatchingContracts, type Envelope, type EventData } from '@cps/contracts';
import { PermanentEventError, type EventHandlerDefinition } from '@cps/messaging';
import { RecordWebhookEventUseCase } from './record-webhook-event.use-case.js';
import { purchaseCreatedEvent } from './webhook-event-bodies.js';

type Contract = typeof MatchingContracts.purchaseMatched;

/** `matching.purchase.matched.v1` -> webhook event `purchase.created` (items carry their matched product). */
@Injectable()
export class PurchaseMatchedHandler implements EventHandlerDefinition<Contract> {
  readonly name = 'webhooks-purchase-matched';
  readonly event = MatchingContracts.purchaseMatched;
  /** Group commit (ADR 0018): purchases are independent of each other, so those waiting together share a commit. */
  readonly batch = 32;

  constructor(private readonly recordEvent: RecordWebhookEventUseCase) {}

  async handle(envelope: Envelope<EventData<Contract>>, manager: EntityManager): Promise<void> {
    await this.handleBatch([envelope], manager);
  }

  async handleBatch(envelopes: Array<Envelope<EventData<Contract>>>, manager: EntityManager): Promise<void> {
    const events = envelopes.map((envelope) => {
      if (!envelope.teamId) throw new PermanentEventError(`${envelope.subject} ${envelope.id} has no teamId`);
      return purchaseCreatedEvent(ulid(), envelope.teamId, envelope.occurredAt, envelope.data);
    });
    await this.recordEvent.executeMany(events, manager);
  }
}
