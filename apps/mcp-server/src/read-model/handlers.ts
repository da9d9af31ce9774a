import {
  MatchingContracts,
  SyncContracts,
  type Connection,
  type Envelope,
  type EventContract,
  type EventData,
} from '@cps/contracts';
import { eventConsumer, teamOf } from '@cps/messaging';
import { type EntityManager } from 'typeorm';
import { Projection } from './projection.js';

/**
 * Purchases projected in one transaction when they arrive together (group commit, ADR 0016): their writes are
 * idempotent upserts that commute, so a batch may commit in any order; bench/mcp/lag.mjs measured the need.
 */
const PURCHASE_BATCH = 64;

/**
 * A durable consumer `mcp-server-<name>` of one event that `project` writes into the read model, in a transaction
 * of its own. Idempotent: every write is an upsert or a delete keyed by the platform's ids, kept or skipped by the
 * time or version it carries, so a projector keeps no inbox row (a redelivery or a replay ends the same; the rebuild
 * test replays every event after the first projection).
 */
function projector<C extends EventContract<object>>(
  name: string,
  event: C,
  project: (manager: EntityManager, envelope: Envelope<EventData<C>>) => Promise<void>,
) {
  // Distinct class names for Nest's providers and its logs.
  return eventConsumer(`${pascal(name)}Projector`, {
    name,
    event,
    idempotent: true,
    handle: async (_, envelope, manager) => {
      await project(manager, envelope);
    },
  });
}

const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

/** The connection an event carries, as it is now (a later state is kept when events arrive out of order). */
const upsertConnection = (manager: EntityManager, envelope: Envelope<{ connection: Connection }>) =>
  Projection.upsertConnection(manager, teamOf(envelope), envelope.data.connection, envelope.occurredAt);

export const ConnectionActivatedProjector = projector(
  'connection-activated',
  SyncContracts.connectionActivated,
  upsertConnection,
);
export const ConnectionUnauthenticatedProjector = projector(
  'connection-unauthenticated',
  SyncContracts.connectionUnauthenticated,
  upsertConnection,
);
/**
 * A connection created or changed through the API, the dashboard or the storefront (identifiers, disconnected,
 * revoked), so `ask` counts connections by status as the REST API does.
 */
export const ConnectionChangedProjector = projector(
  'connection-changed',
  SyncContracts.connectionChanged,
  upsertConnection,
);

/** The connection and its purchases leave every answer (a tombstone stays: `Projection.deleteConnection`). */
export const ConnectionDeletedProjector = projector('connection-deleted', SyncContracts.connectionDeleted, (m, e) =>
  Projection.deleteConnection(m, teamOf(e), e.data.connection, e.occurredAt),
);

/** The window of history the brand may see. */
export const ConnectionSharingChangedProjector = projector(
  'connection-sharing-changed',
  SyncContracts.connectionSharingChanged,
  (m, e) => Projection.applySharing(m, teamOf(e), e.data, e.occurredAt),
);

/**
 * Durable consumer `mcp-server-purchase-matched`: the purchases with their items and the items' products. It is the
 * read model's only source of purchases: matching-service publishes one for every collected purchase (none is
 * dropped), and projecting `sync.purchase.collected.v1` as well wrote every purchase twice (ADR 0016).
 */
export const PurchaseMatchedProjector = eventConsumer('PurchaseMatchedProjector', {
  name: 'purchase-matched',
  event: MatchingContracts.purchaseMatched,
  idempotent: true,
  batch: PURCHASE_BATCH,
  handleBatch: async (_, envelopes, manager) => {
    const purchases = envelopes.map((envelope) => ({
      teamId: teamOf(envelope),
      purchase: envelope.data.purchase,
      matchedAt: envelope.occurredAt,
    }));
    await Projection.upsertPurchases(manager, purchases);
  },
});

/**
 * A catalog change re-matched recent purchases (the REST API reads matches at request time, so `ask` must follow).
 */
export const ItemsRematchedProjector = projector('items-rematched', MatchingContracts.itemsRematched, (m, e) =>
  Projection.rematchItems(m, teamOf(e), e.data.items, e.occurredAt),
);

/** Renamed products show their new name. */
export const CatalogChangedProjector = projector('catalog-changed', MatchingContracts.catalogChanged, (m, e) =>
  Projection.renameProducts(m, teamOf(e), e.data.products ?? [], e.data.version),
);

/** Simulated rows purged by sync-service (a team's, or every team's before `cutoff`). */
export const SimulatedDataPurgedProjector = projector(
  'simulated-data-purged',
  SyncContracts.simulatedDataPurged,
  (m, e) => Projection.purgeSimulated(m, e.teamId, e.data.cutoff, e.data.connectionIds, e.data.purchaseIds),
);

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
