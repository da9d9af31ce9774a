import { Inject, Injectable } from '@nestjs/common';
import { SyncContracts, type Actor } from '@cps/contracts';
import {
  decideSharing,
  nextPollDelayMs,
  retryDelayMs,
  type PollFailure,
  type PollTiming,
  Clock,
  Randomness,
} from '@cps/domain';
import { newEventId, EventOutbox } from '@cps/messaging';
import { Transactor } from '@cps/persistence';
import { ConnectionActivityRepository } from '../connections/connection-activity.repository.js';
import { activityEntry, toConnection } from '../connections/connection-resource.js';
import { type ConnectionEntity } from '../connections/connection.entity.js';
import { ConnectionRepository } from '../connections/connection.repository.js';
import { sharingPreferencesOf } from '../connections/sharing-preferences.js';
import { toPurchaseDetail } from '../purchases/purchase-detail.js';
import { type PurchaseWithItems } from '../purchases/purchase.entity.js';
import { PurchaseRepository } from '../purchases/purchase.repository.js';
import {
  type RetailerAdapter,
  type RetailerOrder,
  type RetailerOrderPage,
  type RetailerSession,
} from '../retailer-adapters/retailer-adapter.js';
import { RetailerAdapters } from '../retailer-adapters/retailer-adapters.js';
import { RetailerCredentialVault, VaultError } from '../retailer-adapters/retailer-credential-vault.js';
import { RateLimited, RetailerUnavailable, SessionLost } from '../retailer-adapters/retailer-errors.js';
import { CollectionMetrics, type PollOutcome } from './collection-metrics.js';
import { COLLECTION_CONFIG } from './collection-tokens.js';
import { type CollectionConfig } from './collection.config.js';
import { type CollectionClaim, CollectionStateRepository } from './collection-state.repository.js';
import { mapWithLimit, toCollectedPurchase } from './collected-purchase.js';

/** The retailer, as the cause of a lost authentication (INTERFACE-DECISIONS: `event_source` `Retailer`). */
export const RETAILER: Actor = { source: 'Retailer', idType: null, idName: null };

export interface PollResult {
  outcome: PollOutcome;
  /** Orders the retailer listed in this poll. */
  listed: number;
  stored: number;
  published: number;
  /**
   * When the poll's work ended, just before its lease was given back: another process may claim the connection
   * from then on (a poll that starts later in either process started after this one ended).
   */
  endedAt?: Date;
  /** The poll gave its lease back itself (finished, failed, unauthenticated): nothing left to release. */
  released?: boolean;
  /** The connection is due again at once (the retailer has more pages, or pushed while it was polled). */
  dueNow?: boolean;
}

/** The lease was lost (it expired and another process took the connection): this poll's work is void. */
class LeaseLost extends Error {}

/** The connection stopped being collectable (disconnected, deleted, unauthenticated) while it was polled. */
class NoLongerActive extends Error {}

/**
 * One poll of one claimed connection: signs in again with the stored credentials when the session is
 * gone, reads the order list from the stored cursor page by page, fetches the detail of each new order the
 * sharing policy admits, and stores each page's purchases (unique by retailer order id), their
 * `purchase.collected` events and the next cursor in one transaction. The first poll after a link has no
 * cursor: it backfills the whole history. Retailer trouble backs off this connection only; a session that
 * cannot be renewed makes the connection `unauthenticated`.
 */
@Injectable()
export class PollConnectionUseCase {
  private readonly timing: PollTiming;

  constructor(
    private readonly states: CollectionStateRepository,
    private readonly connections: ConnectionRepository,
    private readonly activity: ConnectionActivityRepository,
    private readonly purchases: PurchaseRepository,
    private readonly adapters: RetailerAdapters,
    private readonly vault: RetailerCredentialVault,
    private readonly transactor: Transactor,
    private readonly outbox: EventOutbox,
    private readonly metrics: CollectionMetrics,
    private readonly clock: Clock,
    private readonly random: Randomness,
    @Inject(COLLECTION_CONFIG) private readonly config: CollectionConfig,
  ) {
    this.timing = {
      intervalMs: config.SYNC_POLL_INTERVAL_MS,
      jitter: config.SYNC_POLL_JITTER,
      retryBaseMs: config.SYNC_RETRY_BASE_MS,
      maxBackoffMs: config.SYNC_MAX_BACKOFF_MS,
    };
  }

  async execute(claim: CollectionClaim, owner: string, signal: AbortSignal): Promise<PollResult> {
    const adapter = this.adapters.for(claim.retailerId);
    const result: PollResult = { outcome: 'ok', listed: 0, stored: 0, published: 0 };
    try {
      let session = this.storedSession(claim);
      let freshSession = false;
      for (;;) {
        try {
          if (!session) {
            const signedIn = await this.signInAgain(claim, owner, adapter, signal);
            if (signedIn.kind === 'unauthenticated') {
              const endedAt = new Date();
              await this.markUnauthenticated(claim, owner, signedIn.details);
              return { ...result, outcome: 'unauthenticated', endedAt, released: true };
            }
            session = signedIn.session;
            freshSession = true;
          }
          const more = await this.readPages(claim, owner, adapter, session, signal, result);
          result.endedAt = new Date();
          // The lease ran out unnoticed (a stalled process): another poll may already run, so this one did not count.
          const finished = await this.metrics.timed('finish', () =>
            this.states.finishPoll(claim, owner, more ? 0 : nextPollDelayMs(this.timing, this.rand)),
          );
          if (!finished.held) throw new LeaseLost();
          return { ...result, released: true, dueNow: more || finished.dueNow };
        } catch (error) {
          // A stored session may have expired or been revoked: sign in again once, with the stored credentials.
          if (error instanceof SessionLost && !freshSession) {
            session = null;
            continue;
          }
          throw error;
        }
      }
    } catch (error) {
      if (error instanceof LeaseLost || signal.aborted) return { ...result, outcome: 'lease_lost' };
      if (error instanceof NoLongerActive) return { ...result, outcome: 'stopped' };
      const failure = classify(error);
      const delay = retryDelayMs(this.timing, claim.consecutiveFailures + 1, failure, this.rand);
      const endedAt = new Date();
      if (!(await this.states.failPoll(claim, owner, delay, describe(error))))
        return { ...result, outcome: 'lease_lost' };
      return {
        ...result,
        endedAt,
        released: true,
        outcome:
          failure.kind === 'rate_limited' ? 'rate_limited' : failure.kind === 'internal' ? 'failed' : 'retailer_error',
      };
    }
  }

  private readonly rand = () => this.random.fraction();

  /** The stored retailer session; none when there is none or it cannot be opened (then: sign in again). */
  private storedSession(claim: CollectionClaim): RetailerSession | null {
    if (!claim.sessionSealed) return null;
    try {
      return this.vault.openSession(claim.connectionId, claim.sessionSealed);
    } catch (error) {
      if (error instanceof VaultError) return null;
      throw error;
    }
  }

  /** Reads up to SYNC_MAX_PAGES_PER_POLL pages; true when the retailer has more right now. */
  private async readPages(
    claim: CollectionClaim,
    owner: string,
    adapter: RetailerAdapter,
    session: RetailerSession,
    signal: AbortSignal,
    result: PollResult,
  ): Promise<boolean> {
    let cursor = claim.cursor;
    for (let pages = 0; pages < this.config.SYNC_MAX_PAGES_PER_POLL; pages += 1) {
      const page = await this.metrics.timed('list', () => adapter.listOrdersSince(session, cursor, { signal }));
      result.listed += page.orders.length;
      // Nothing new at the retailer (most polls): nothing to check, store or move on.
      if (page.orders.length === 0 && page.nextCursor === cursor) return false;
      const stored = await this.storePage(claim, owner, adapter, session, page, signal);
      result.stored += stored.stored;
      result.published += stored.published;
      cursor = page.nextCursor;
      if (!page.hasMore) return false;
    }
    return true;
  }

  private async storePage(
    claim: CollectionClaim,
    owner: string,
    adapter: RetailerAdapter,
    session: RetailerSession,
    page: RetailerOrderPage,
    signal: AbortSignal,
  ): Promise<{ stored: number; published: number }> {
    const { teamId, connectionId, retailerId } = claim;
    const [connection, known] = await this.metrics.timed('check', () =>
      Promise.all([
        this.connections.findOwned(teamId, connectionId),
        this.purchases.storedRetailerOrderIds(
          teamId,
          connectionId,
          page.orders.map((order) => order.retailerOrderId),
        ),
      ]),
    );
    if (!connection || connection.status !== 'active') throw new NoLongerActive();
    const now = this.clock.now();
    // Orders the brand may not see (outside its history window) are never fetched, stored or published.
    const wanted = page.orders.filter(
      (order) => !known.has(order.retailerOrderId) && this.decide(connection, order.orderedAt, now).eligible,
    );
    const details = await this.metrics.timed('details', () => this.readDetails(adapter, session, wanted, signal));
    const counts = await this.metrics.timed('store', () =>
      this.transactor.run(async (tx) => {
        // Share-locked: a disconnect or delete waits for this page, and nothing lands after it.
        const current = await this.connections.findOwned(teamId, connectionId, tx);
        if (!current || current.status !== 'active') throw new NoLongerActive();
        const candidates: PurchaseWithItems[] = [];
        for (const order of details) {
          const decision = this.decide(current, order.orderedAt, now);
          if (!decision.eligible) continue;
          const rows = toCollectedPurchase(order, { teamId, connectionId, retailerId, collectedAt: now });
          rows.purchase.collectedEventId = decision.publish ? newEventId() : null;
          rows.purchase.quiet = !decision.publish;
          candidates.push(rows);
        }
        // The page in a few statements, not a few per purchase: purchases and items in one, their events in one.
        const stored = await this.purchases.insertNew(tx, candidates);
        const events = candidates.flatMap((rows) =>
          stored.has(rows.purchase.id) && rows.purchase.collectedEventId
            ? [
                {
                  data: { purchase: toPurchaseDetail(rows) },
                  meta: { id: rows.purchase.collectedEventId, teamId, orderingKey: connectionId, occurredAt: now },
                },
              ]
            : [],
        );
        await this.outbox.recordMany(tx, SyncContracts.purchaseCollected, events);
        // Another process holds the connection now: roll back, it stores these orders itself.
        if (!(await this.states.saveCursor(tx, claim, owner, page.nextCursor))) throw new LeaseLost();
        return { stored: stored.size, published: events.length };
      }),
    );
    this.metrics.collected.inc(counts.stored);
    this.metrics.published.inc(counts.published);
    return counts;
  }

  /** In one call where the retailer offers it, else one call per order, a few at a time. */
  private async readDetails(
    adapter: RetailerAdapter,
    session: RetailerSession,
    orders: RetailerOrderPage['orders'],
    signal: AbortSignal,
  ): Promise<RetailerOrder[]> {
    if (orders.length === 0) return [];
    const ids = orders.map((order) => order.retailerOrderId);
    if (adapter.getOrderDetails) return adapter.getOrderDetails(session, ids, { signal });
    return mapWithLimit(ids, this.config.SYNC_DETAIL_CONCURRENCY, (id) =>
      adapter.getOrderDetail(session, id, { signal }),
    );
  }

  private decide(connection: ConnectionEntity, date: Date, now: Date) {
    return decideSharing({
      connection: {
        status: connection.status,
        deletedAt: connection.deletedAt ?? null,
        isSimulated: connection.isSimulated,
        firstLinkedAt: connection.firstLinkedAt ?? null,
      },
      purchase: { date, origin: 'retailer' },
      preferences: sharingPreferencesOf(connection),
      now,
    });
  }

  private async signInAgain(
    claim: CollectionClaim,
    owner: string,
    adapter: RetailerAdapter,
    signal: AbortSignal,
  ): Promise<{ kind: 'signed_in'; session: RetailerSession } | { kind: 'unauthenticated'; details: string }> {
    const credentials = this.vault.openCredentials(claim.connectionId, claim.credentialsSealed);
    const result = await adapter.signIn(credentials, { signal });
    switch (result.kind) {
      case 'signed_in':
        if (
          !(await this.states.saveSession(claim, owner, this.vault.sealSession(claim.connectionId, result.session)))
        ) {
          throw new LeaseLost();
        }
        return { kind: 'signed_in', session: result.session };
      case 'needs_one_time_code':
        return { kind: 'unauthenticated', details: 'Retailer session lost; signing in again needs a one-time code' };
      case 'invalid_credentials':
        return { kind: 'unauthenticated', details: 'Retailer session lost; the stored credentials no longer work' };
    }
  }

  /**
   * `active` -> `unauthenticated` with its activity entry (`event_source` `Retailer`) and
   * `connection.unauthenticated`, unless the connection changed meanwhile (re-linked, disconnected).
   */
  private async markUnauthenticated(claim: CollectionClaim, owner: string, details: string): Promise<void> {
    await this.transactor.run(async (tx) => {
      const before = await this.connections.lockOwned(tx, claim.teamId, claim.connectionId);
      if (!before || before.status !== 'active') throw new NoLongerActive();
      if (!(await this.states.lockHeld(tx, claim, owner))) throw new LeaseLost();
      const now = this.clock.now();
      const after: ConnectionEntity = { ...before, status: 'unauthenticated', updatedAt: now };
      await this.connections.update(tx, claim.teamId, claim.connectionId, {
        status: 'unauthenticated',
        updatedAt: now,
      });
      await this.activity.append(tx, [
        activityEntry(RETAILER, { event: 'connection_unauthenticated', at: now, details, before, after }),
      ]);
      await this.outbox.record(
        tx,
        SyncContracts.connectionUnauthenticated,
        { connection: toConnection(after) },
        { teamId: claim.teamId, occurredAt: now },
      );
      await this.states.dropSession(tx, claim, owner, details);
    });
  }
}

function classify(error: unknown): PollFailure {
  if (error instanceof RateLimited) return { kind: 'rate_limited', retryAfterMs: error.retryAfterMs };
  if (error instanceof RetailerUnavailable) return { kind: 'unavailable', retryAfterMs: error.retryAfterMs };
  // The session was lost again right after signing in: the retailer is misbehaving, not the shopper.
  if (error instanceof SessionLost) return { kind: 'unavailable', retryAfterMs: null };
  return { kind: 'internal' };
}

/** Kept in collection_states.last_error: retailer errors carry no secrets (see RetailerError). */
function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
}
