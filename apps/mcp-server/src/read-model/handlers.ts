import { Injectable } from '@nestjs/common';
import {
  MatchingContracts,
  SyncContracts,
  type Connection,
  type Envelope,
  type EventContract,
  type EventData,
} from '@cps/contracts';
import { PermanentEventError, type EventHandlerDefinition } from '@cps/messaging';
import { type EntityManager } from 'typeorm';
import { Projection } from './projection.js';

function teamOf(envelope: Envelope<unknown>): string {
  if (!envelope.teamId) throw new PermanentEventError(`${envelope.subject} ${envelope.id} has no teamId`);
  return envelope.teamId;
}

type Matched = typeof MatchingContracts.purchaseMatched;
type Purged = typeof SyncContracts.simulatedDataPurged;
type SharingChanged = typeof SyncContracts.connectionSharingChanged;
type Deleted = typeof SyncContracts.connectionDeleted;
type Rematched = typeof MatchingContracts.itemsRematched;
type CatalogChanged = typeof MatchingContracts.catalogChanged;

/**
 * Purchases projected in one transaction when they arrive together (group commit, ADR 0016): their writes are
 * idempotent upserts that commute, so a batch may commit in any order; bench/mcp/lag.mjs measured the need.
 */
const PURCHASE_BATCH = 64;

/**
 * A durable consumer `mcp-server-<name>` that upserts the connection its event carries, as it is now (a later state
 * is kept when events arrive out of order: `Projection.upsertConnection`).
 */
function connectionProjector<C extends EventContract<{ connection: Connection }>>(name: string, event: C) {
  @Injectable()
  class Projector implements EventHandlerDefinition<C> {
    readonly name = name;
    readonly event = event;

    async handle(envelope: Envelope<EventData<C>>, manager: EntityManager): Promise<void> {
      const { connection } = envelope.data as { connection: Connection };
      await Projection.upsertConnection(manager, teamOf(envelope), connection, envelope.occurredAt);
    }
  }
  // Distinct class names for Nest's providers and its logs.
  Object.defineProperty(Projector, 'name', { value: `${pascal(name)}Projector` });
  return Projector;
}

const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

export const ConnectionActivatedProjector = connectionProjector(
  'connection-activated',
  SyncContracts.connectionActivated,
);
export const ConnectionUnauthenticatedProjector = connectionProjector(
  'connection-unauthenticated',
  SyncContracts.connectionUnauthenticated,
);
/**
 * A connection created or changed through the API, the dashboard or the storefront (identifiers, disconnected,
 * revoked), so `ask` counts connections by status as the REST API does.
 */
export const ConnectionChangedProjector = connectionProjector('connection-changed', SyncContracts.connectionChanged);

/** Durable consumer `mcp-server-connection-deleted`: the connection and its purchases leave every answer. */
@Injectable()
export class ConnectionDeletedProjector implements EventHandlerDefinition<Deleted> {
  readonly name = 'connection-deleted';
  readonly event = SyncContracts.connectionDeleted;

  async handle(envelope: Envelope<EventData<Deleted>>, manager: EntityManager): Promise<void> {
    await Projection.deleteConnection(manager, teamOf(envelope), envelope.data.connection, envelope.occurredAt);
  }
}

/** Durable consumer `mcp-server-connection-sharing-changed`: the window of history the brand may see. */
@Injectable()
export class ConnectionSharingChangedProjector implements EventHandlerDefinition<SharingChanged> {
  readonly name = 'connection-sharing-changed';
  readonly event = SyncContracts.connectionSharingChanged;

  async handle(envelope: Envelope<EventData<SharingChanged>>, manager: EntityManager): Promise<void> {
    await Projection.applySharing(manager, teamOf(envelope), envelope.data, envelope.occurredAt);
  }
}

/**
 * Durable consumer `mcp-server-purchase-matched`: the purchases with their items and the items' products. It is the
 * read model's only source of purchases: matching-service publishes one for every collected purchase (none is
 * dropped), and projecting `sync.purchase.collected.v1` as well wrote every purchase twice (ADR 0016).
 */
@Injectable()
export class PurchaseMatchedProjector implements EventHandlerDefinition<Matched> {
  readonly name = 'purchase-matched';
  readonly batch = PURCHASE_BATCH;
  readonly event = MatchingContracts.purchaseMatched;

  async handle(envelope: Envelope<EventData<Matched>>, manager: EntityManager): Promise<void> {
    await this.handleBatch([envelope], manager);
  }

  async handleBatch(envelopes: Array<Envelope<EventData<Matched>>>, manager: EntityManager): Promise<void> {
    const purchases = envelopes.map((envelope) => ({
      teamId: teamOf(envelope),
      purchase: envelope.data.purchase,
      matchedAt: envelope.occurredAt,
    }));
    await Projection.upsertPurchases(manager, purchases);
  }
}

/**
 * Durable consumer `mcp-server-items-rematched`: a catalog change re-matched recent purchases (the REST API reads
 * matches at request time, so `ask` must follow).
 */
@Injectable()
export class ItemsRematchedProjector implements EventHandlerDefinition<Rematched> {
  readonly name = 'items-rematched';
  readonly event = MatchingContracts.itemsRematched;

  async handle(envelope: Envelope<EventData<Rematched>>, manager: EntityManager): Promise<void> {
    await Projection.rematchItems(manager, teamOf(envelope), envelope.data.items, envelope.occurredAt);
  }
}

/** Durable consumer `mcp-server-catalog-changed`: renamed products show their new name. */
@Injectable()
export class CatalogChangedProjector implements EventHandlerDefinition<CatalogChanged> {
  readonly name = 'catalog-changed';
  readonly event = MatchingContracts.catalogChanged;

  async handle(envelope: Envelope<EventData<CatalogChanged>>, manager: EntityManager): Promise<void> {
    const { products, version } = envelope.data;
    await Projection.renameProducts(manager, teamOf(envelope), products ?? [], version);
  }
}

/** Durable consumer `mcp-server-simulated-data-purged`. */
@Injectable()
export class SimulatedDataPurgedProjector implements EventHandlerDefinition<Purged> {
  readonly name = 'simulated-data-purged';
  readonly event = SyncContracts.simulatedDataPurged;

  async handle(envelope: Envelope<EventData<Purged>>, manager: EntityManager): Promise<void> {
    const { cutoff, connectionIds, purchaseIds } = envelope.data;
    await Projection.purgeSimulated(manager, envelope.teamId, cutoff, connectionIds, purchaseIds);
  }
}

/** Consumers this service ran once and no longer does; their durables are deleted (`retiredConsumers`, libs/messaging). */
export const RETIRED_PROJECTORS = ['purchase-collected'];

export const PROJECTORS = [
  ConnectionActivatedProjector,
  ConnectionUnauthenticatedProjector,
  ConnectionChangedProjector,
  ConnectionDeletedProjector,
  ConnectionSharingChangedProjector,
  PurchaseMatchedProjector,
  ItemsRematchedProjector,
  CatalogChangedProjector,
  SimulatedDataPurgedProjector,
];
