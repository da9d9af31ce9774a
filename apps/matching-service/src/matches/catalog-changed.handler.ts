import { Injectable } from '@nestjs/common';
import { MatchingContracts, type Envelope, type EventData } from '@cps/contracts';
import { PermanentEventError, type EventHandlerDefinition } from '@cps/messaging';
import { type EntityManager } from 'typeorm';
import { RematchRecentPurchasesUseCase } from './rematch-recent-purchases.use-case.js';

type CatalogChanged = typeof MatchingContracts.catalogChanged;

/** Durable consumer `matching-service-catalog-changed` of `matching.catalog.changed.v1` (this service's own). */
@Injectable()
export class CatalogChangedHandler implements EventHandlerDefinition<CatalogChanged> {
  readonly name = 'catalog-changed';
  readonly event = MatchingContracts.catalogChanged;

  constructor(private readonly rematch: RematchRecentPurchasesUseCase) {}

  async handle(envelope: Envelope<EventData<CatalogChanged>>, manager: EntityManager): Promise<void> {
    if (!envelope.teamId) throw new PermanentEventError(`${envelope.subject} ${envelope.id} has no teamId`);
    await this.rematch.execute(envelope.teamId, manager);
  }
}
