import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { MatchingContracts, SyncContracts, type Envelope, type EventData } from '@cps/contracts';
import { PermanentEventError, type EventHandlerDefinition } from '@cps/messaging';
import { RecordAwardsUseCase } from './record-awards.use-case.js';

type Activated = typeof SyncContracts.connectionActivated;
type Matched = typeof MatchingContracts.purchaseMatched;

function teamOf(envelope: Envelope<unknown>): string {
  if (!envelope.teamId) throw new PermanentEventError(`${envelope.subject} ${envelope.id} has no teamId`);
  return envelope.teamId;
}

/** `sync.connection.activated.v1` (a first activation) -> `account.linked` awards. */
@Injectable()
export class IntegrationsConnectionActivatedHandler implements EventHandlerDefinition<Activated> {
  readonly name = 'integrations-connection-activated';
  readonly event = SyncContracts.connectionActivated;

  constructor(private readonly record: RecordAwardsUseCase) {}

  async handle(envelope: Envelope<EventData<Activated>>, manager: EntityManager): Promise<void> {
    await this.record.accountLinked(manager, teamOf(envelope), envelope.data, new Date(envelope.occurredAt));
  }
}

/** `matching.purchase.matched.v1` (the fact behind `purchase.created`) -> purchase awards. */
@Injectable()
export class IntegrationsPurchaseMatchedHandler implements EventHandlerDefinition<Matched> {
  readonly name = 'integrations-purchase-matched';
  readonly event = MatchingContracts.purchaseMatched;
  /** Group commit (ADR 0018): purchases are independent of each other, so those waiting together share a commit. */
  readonly batch = 32;

  constructor(private readonly record: RecordAwardsUseCase) {}

  async handle(envelope: Envelope<EventData<Matched>>, manager: EntityManager): Promise<void> {
    await this.handleBatch([envelope], manager);
  }

  async handleBatch(envelopes: Array<Envelope<EventData<Matched>>>, manager: EntityManager): Promise<void> {
    await this.record.purchaseCreatedMany(
      manager,
      envelopes.map((envelope) => ({
        teamId: teamOf(envelope),
        purchase: envelope.data.purchase,
        occurredAt: new Date(envelope.occurredAt),
      })),
    );
  }
}
