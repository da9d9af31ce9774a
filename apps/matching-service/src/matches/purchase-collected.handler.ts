import { Injectable } from '@nestjs/common';
import { SyncContracts, type Envelope, type EventData } from '@cps/contracts';
import { PermanentEventError, type EventHandlerDefinition } from '@cps/messaging';
import { type EntityManager } from 'typeorm';
import { MatchPurchaseUseCase } from './match-purchase.use-case.js';

type PurchaseCollected = typeof SyncContracts.purchaseCollected;

/** Durable consumer `matching-service-purchase-collected` of `sync.purchase.collected.v1`. */
@Injectable()
export class PurchaseCollectedHandler implements EventHandlerDefinition<PurchaseCollected> {
  readonly name = 'purchase-collected';
  readonly event = SyncContracts.purchaseCollected;
  /** Group commit (ADR 0018): purchases are independent of each other, so those waiting together share a commit. */
  readonly batch = 32;

  constructor(private readonly matchPurchase: MatchPurchaseUseCase) {}

  async handle(envelope: Envelope<EventData<PurchaseCollected>>, manager: EntityManager): Promise<void> {
    await this.handleBatch([envelope], manager);
  }

  async handleBatch(envelopes: Array<Envelope<EventData<PurchaseCollected>>>, manager: EntityManager): Promise<void> {
    await this.matchPurchase.executeMany(
      envelopes.map((envelope) => {
        // Tenancy comes from the envelope; without it the purchase cannot be matched against any catalog.
        if (!envelope.teamId) throw new PermanentEventError(`${envelope.subject} ${envelope.id} has no teamId`);
        return { teamId: envelope.teamId, correlationId: envelope.correlationId, purchase: envelope.data.purchase };
      }),
      manager,
    );
  }
}
