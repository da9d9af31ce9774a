import { SyncContracts } from '@cps/contracts';
import { type ServiceMetrics } from '@cps/observability';
import { SecretBox, type Transactor } from '@cps/persistence';
import { type Clock, type Randomness } from '@cps/domain';
import { type EventOutbox } from '@cps/messaging';
import { Registry } from 'prom-client';
import { EntityManager } from 'typeorm';
import { type NewActivityEntry } from '../connections/connection-activity.entity.js';
import { type ConnectionActivityRepository } from '../connections/connection-activity.repository.js';
import { type ConnectionEntity } from '../connections/connection.entity.js';
import { type ConnectionChanges, type ConnectionRepository } from '../connections/connection.repository.js';
import { type PurchaseWithItems } from '../purchases/purchase.entity.js';
import { type PurchaseRepository } from '../purchases/purchase.repository.js';
import {
  type RetailerAdapter,
  type RetailerOrder,
  type RetailerOrderSummary,
  type RetailerSession,
  type SignInResult,
} from '../retailer-adapters/retailer-adapter.js';
import { type RetailerAdapters } from '../retailer-adapters/retailer-adapters.js';
import { RetailerCredentialVault } from '../retailer-adapters/retailer-credential-vault.js';
import { RateLimited, RetailerUnavailable, SessionLost } from '../retailer-adapters/retailer-errors.js';
import { CollectionMetrics } from './collection-metrics.js';
import { type CollectionClaim, type CollectionStateRepository } from './collection-state.repository.js';
import { type CollectionConfig } from './collection.config.js';
import { PollConnectionUseCase } from './poll-connection.use-case.js';
import { fake } from '@cps/testing/unit';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const LINKED = new Date('2026-02-01T00:00:00.000Z');
const TX = Object.create(EntityManager.prototype) as EntityManager; // a stand-in: only its identity matters
const OWNER = 'host:1:abc';
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

const CONFIG = {
  SYNC_POLL_INTERVAL_MS: 60_000,
  SYNC_POLL_JITTER: 0.2,
  SYNC_RETRY_BASE_MS: 1_000,
  SYNC_MAX_BACKOFF_MS: 300_000,
  SYNC_MAX_PAGES_PER_POLL: 5,
  SYNC_DETAIL_CONCURRENCY: 2,
} as CollectionConfig;

const vault = new RetailerCredentialVault(new SecretBox(Buffer.alloc(32, 7).toString('base64')));

function order(id: string, orderedAt: Date): RetailerOrder {
  return {
    retailerOrderId: id,
    orderedAt,
    purchaseType: 'online',
    currency: 'USD',
    lines: [{ name: 'Oat milk', brand: 'Oaty', upc: '012345678905', sku: 'OM-1', priceCents: 250, quantity: 2 }],
    totals: { itemsSubtotal: 500, discounts: 0, shipping: 0, fees: 0, tax: 40, total: 540 },
  };
}

interface Scenario {
  orders?: RetailerOrder[];
  /** Retailer order ids already stored for the connection. */
  stored?: string[];
  /** Pages of the order list: each an array of order ids; default one page with every order. */
  pages?: string[][];
  session?: 'stored' | 'none';
  /** What the first list call throws. */
  listFails?: Error;
  signIn?: SignInResult;
  status?: ConnectionEntity['status'];
  /** Retailer order ids another poller stored between the check and the insert. */
  raced?: string[];
  /** saveCursor answers false: another process took the lease. */
  leaseLost?: boolean;
  /** finishPoll and failPoll find the lease gone: it ran out unnoticed before the poll ended. */
  leaseExpiredAtEnd?: boolean;
  /** The retailer answers several orders' details in one call (getOrderDetails). */
  batchDetails?: boolean;
  /** The stored cursor the poll starts from (default: none, a first read). */
  cursor?: string;
}

function setup(scenario: Scenario = {}) {
  const orders = scenario.orders ?? [order('A', daysAgo(40)), order('B', daysAgo(3))];
  const byId = new Map(orders.map((o) => [o.retailerOrderId, o]));
  const pages = scenario.pages ?? [orders.map((o) => o.retailerOrderId)];
  const connection: ConnectionEntity = {
    id: 'conn_1',
    teamId: 'team_1',
    customerId: 'cust_1',
    retailerId: 'walmart',
    status: scenario.status ?? 'active',
    email: null,
    mobile: null,
    tags: {},
    isSimulated: false,
    createdAt: LINKED,
    updatedAt: LINKED,
    deletedAt: null,
    firstLinkedAt: LINKED,
  };
  const written = {
    purchases: [] as PurchaseWithItems[],
    events: [] as Array<{ subject: string; data: unknown }>,
    cursors: [] as string[],
    finished: [] as number[],
    failed: [] as Array<{ delay: number; error: string }>,
    sessions: 0,
    statusChanges: [] as ConnectionChanges[],
    activity: [] as NewActivityEntry[],
    detailCalls: [] as string[],
    batchDetailCalls: [] as string[][],
    listCalls: [] as Array<string | null>,
    signIns: 0,
  };
  const inTx = (tx: EntityManager | undefined) => {
    if (tx !== TX) throw new Error('outside the transaction');
  };
  let listFails = scenario.listFails;
  const adapter: RetailerAdapter = {
    retailerId: 'walmart',
    signIn: async () => {
      written.signIns += 1;
      return scenario.signIn ?? { kind: 'signed_in', session: { token: 'fresh', expiresAt: null } };
    },
    answerOneTimeCode: async () => ({ kind: 'challenge_expired' }),
    listOrdersSince: async (_session, cursor) => {
      written.listCalls.push(cursor);
      if (listFails) {
        const error = listFails;
        listFails = undefined;
        throw error;
      }
      const index = cursor === null ? 0 : Number(cursor.slice(1));
      const ids = pages[index] ?? [];
      const summaries: RetailerOrderSummary[] = ids.map((id) => ({
        retailerOrderId: id,
        orderedAt: byId.get(id)!.orderedAt,
        purchaseType: 'online',
        totalCents: 540,
      }));
      // Past the last page the retailer has nothing new and hands the same cursor back.
      if (index >= pages.length) return { orders: [], nextCursor: cursor ?? 'c0', hasMore: false };
      return { orders: summaries, nextCursor: `c${index + 1}`, hasMore: index + 1 < pages.length };
    },
    getOrderDetail: async (_session, id) => {
      written.detailCalls.push(id);
      return byId.get(id)!;
    },
    ...(scenario.batchDetails && {
      getOrderDetails: async (_session: RetailerSession, ids: string[]) => {
        written.batchDetailCalls.push(ids);
        return ids.map((id) => byId.get(id)!);
      },
    }),
  };
  const states = fake<CollectionStateRepository>({
    saveCursor: async (tx: EntityManager, _claim: CollectionClaim, owner: string, cursor: string) => {
      inTx(tx);
      expect(owner).toBe(OWNER);
      if (scenario.leaseLost) return false;
      written.cursors.push(cursor);
      return true;
    },
    saveSession: async () => ((written.sessions += 1), true),
    finishPoll: async (_claim: CollectionClaim, _owner: string, delay: number) => (
      written.finished.push(delay),
      { held: !scenario.leaseExpiredAtEnd, dueNow: false }
    ),
    failPoll: async (_claim: CollectionClaim, _owner: string, delay: number, error: string) => (
      written.failed.push({ delay, error }),
      !scenario.leaseExpiredAtEnd
    ),
    lockHeld: async (tx: EntityManager) => (inTx(tx), true),
    dropSession: async (tx: EntityManager) => (inTx(tx), true),
  });
  let connectionReads = 0;
  const connections = fake<ConnectionRepository>({
    findOwned: async () => ((connectionReads += 1), connection),
    lockOwned: async (tx: EntityManager) => (inTx(tx), connection),
    update: async (tx: EntityManager, _teamId: string, _id: string, changes: ConnectionChanges) => {
      inTx(tx);
      written.statusChanges.push(changes);
    },
  });
  const purchases = fake<PurchaseRepository>({
    storedRetailerOrderIds: async () => new Set(scenario.stored ?? []),
    insertNew: async (tx: EntityManager, rows: PurchaseWithItems[]) => {
      inTx(tx);
      const fresh = rows.filter((r) => !scenario.raced?.includes(r.purchase.retailerOrderId!));
      written.purchases.push(...fresh);
      return new Set(fresh.map((r) => r.purchase.id));
    },
  });
  const metrics = new CollectionMetrics(fake<ServiceMetrics>({ registry: new Registry() }));
  const useCase = new PollConnectionUseCase(
    states,
    connections,
    fake<ConnectionActivityRepository>({
      append: async (tx: EntityManager, entries: NewActivityEntry[]) => {
        inTx(tx);
        written.activity.push(...entries);
      },
    }),
    purchases,
    fake<RetailerAdapters>({ for: () => adapter }),
    vault,
    { run: async <T>(work: (tx: EntityManager) => Promise<T>) => work(TX) } satisfies Transactor,
    fake<EventOutbox>({
      record: async (tx: EntityManager, contract: { subject: string }, data: unknown) => {
        inTx(tx);
        written.events.push({ subject: contract.subject, data });
      },
      recordMany: async (
        tx: EntityManager,
        contract: { subject: string },
        events: ReadonlyArray<{ data: unknown }>,
      ) => {
        inTx(tx);
        written.events.push(...events.map(({ data }) => ({ subject: contract.subject, data })));
      },
    }),
    metrics,
    { now: () => NOW } satisfies Clock,
    fake<Randomness>({ fraction: () => 0.5 }),
    CONFIG,
  );
  const claim: CollectionClaim = {
    connectionId: 'conn_1',
    teamId: 'team_1',
    retailerId: 'walmart',
    credentialsSealed: vault.sealCredentials('conn_1', { email: 'jo@example.com', password: 'secret' }),
    credentialsVersion: 1,
    sessionSealed:
      scenario.session === 'none' ? null : vault.sealSession('conn_1', { token: 'stored', expiresAt: null }),
    cursor: scenario.cursor ?? null,
    consecutiveFailures: 0,
  };
  const run = () => useCase.execute(claim, OWNER, new AbortController().signal);
  return { run, written, metrics, connectionReads: () => connectionReads };
}

describe('PollConnectionUseCase', () => {
  it('records how long each stage of a poll took', async () => {
    const { run, metrics } = setup({ pages: [['A'], ['B']] });
    await run();
    const counts = Object.fromEntries(
      (await metrics.pollStage.get()).values
        .filter((sample) => sample.metricName === 'sync_poll_stage_seconds_count')
        .map((sample) => [sample.labels.stage, sample.value]),
    );
    // Two pages: the page stages twice, the poll's bookkeeping once.
    expect(counts).toEqual({ list: 2, check: 2, details: 2, store: 2, finish: 1 });
  });

  it('backfills: one stored purchase and one purchase.collected per eligible order, then the next cursor', async () => {
    const { run, written } = setup();
    expect(await run()).toEqual({
      outcome: 'ok',
      listed: 2,
      stored: 2,
      published: 2,
      endedAt: expect.any(Date),
      released: true,
      dueNow: false,
    });
    expect(written.purchases.map((p) => p.purchase.retailerOrderId)).toEqual(['A', 'B']);
    expect(written.purchases[0]!.purchase).toMatchObject({ total: '5.40', tax: '0.40', isSimulated: false });
    expect(written.events.map((e) => e.subject)).toEqual([
      SyncContracts.purchaseCollected.subject,
      SyncContracts.purchaseCollected.subject,
    ]);
    expect(written.cursors).toEqual(['c1']);
    expect(written.finished).toEqual([60_000]); // the interval (jitter centred)
  });

  it('skips orders already stored without fetching them again', async () => {
    const { run, written } = setup({ stored: ['A'] });
    expect(await run()).toMatchObject({ stored: 1, published: 1 });
    expect(written.detailCalls).toEqual(['B']);
  });

  it('publishes only the purchases it stored itself when another poller stored one meanwhile', async () => {
    const { run, written } = setup({ raced: ['A'] });
    expect(await run()).toMatchObject({ outcome: 'ok', stored: 1, published: 1 });
    expect(written.events).toEqual([
      {
        subject: SyncContracts.purchaseCollected.subject,
        data: { purchase: expect.objectContaining({ date: daysAgo(3).toISOString() }) }, // order B
      },
    ]);
  });

  it('never fetches, stores or publishes orders older than the history window', async () => {
    // DEFAULT_SHARING_PREFERENCES: 365 days before the first link.
    const { run, written } = setup({ orders: [order('OLD', daysAgo(500)), order('NEW', daysAgo(1))] });
    expect(await run()).toMatchObject({ listed: 2, stored: 1, published: 1 });
    expect(written.detailCalls).toEqual(['NEW']);
  });

  it("asks a retailer that offers it for a page's wanted orders in one call, and for nothing on a page without any", async () => {
    const orders = [order('A', daysAgo(4)), order('B', daysAgo(3)), order('OLD', daysAgo(500)), order('C', daysAgo(1))];
    const { run, written } = setup({
      orders,
      pages: [['A', 'B', 'OLD'], ['C'], ['OLD']],
      stored: ['B'],
      batchDetails: true,
    });
    expect(await run()).toMatchObject({ listed: 5, stored: 2, published: 2 });
    expect(written.batchDetailCalls).toEqual([['A'], ['C']]);
    expect(written.detailCalls).toEqual([]);
    expect(written.purchases.map((p) => p.purchase.retailerOrderId)).toEqual(['A', 'C']);
  });

  it('with nothing new at the retailer, neither checks nor stores anything and keeps the cursor', async () => {
    const { run, written, connectionReads } = setup({ cursor: 'c1' });
    expect(await run()).toMatchObject({ outcome: 'ok', listed: 0, stored: 0, published: 0 });
    expect(written.listCalls).toEqual(['c1']);
    expect(written.cursors).toEqual([]);
    expect(connectionReads()).toBe(0);
    expect(written.finished).toEqual([60_000]);
  });

  it('reads page after page while the retailer has more, saving each cursor', async () => {
    const orders = ['1', '2', '3'].map((id, i) => order(id, daysAgo(i + 1)));
    const { run, written } = setup({ orders, pages: [['1'], ['2'], ['3']] });
    expect(await run()).toMatchObject({ stored: 3 });
    expect(written.listCalls).toEqual([null, 'c1', 'c2']);
    expect(written.cursors).toEqual(['c1', 'c2', 'c3']);
  });

  it('comes back at once when it stopped at the page limit', async () => {
    const orders = Array.from({ length: 7 }, (_, i) => order(`o${i}`, daysAgo(i + 1)));
    const { run, written } = setup({ orders, pages: orders.map((o) => [o.retailerOrderId]) });
    expect(await run()).toMatchObject({ stored: 5, dueNow: true });
    expect(written.finished).toEqual([0]);
  });

  it('signs in again with the stored credentials when the session was lost, and goes on', async () => {
    const { run, written } = setup({ listFails: new SessionLost('walmart', 'expired') });
    expect(await run()).toMatchObject({ outcome: 'ok', stored: 2 });
    expect(written.signIns).toBe(1);
    expect(written.sessions).toBe(1);
  });

  it.each<[string, SignInResult]>([
    ['the stored password no longer works', { kind: 'invalid_credentials' }],
    [
      'the retailer asks for a one-time code',
      { kind: 'needs_one_time_code', challenge: { challengeId: 'x', sentTo: null, expiresAt: null } },
    ],
  ])('marks the connection unauthenticated when %s', async (_name, signIn) => {
    const { run, written } = setup({ session: 'none', signIn });
    expect(await run()).toMatchObject({ outcome: 'unauthenticated', stored: 0 });
    expect(written.statusChanges).toEqual([{ status: 'unauthenticated', updatedAt: NOW }]);
    expect(written.activity).toEqual([
      expect.objectContaining({
        event: 'connection_unauthenticated',
        eventSource: 'Retailer',
        connectionBefore: expect.objectContaining({ status: 'active' }),
        connectionAfter: expect.objectContaining({ status: 'unauthenticated' }),
      }),
    ]);
    expect(written.events).toEqual([
      {
        subject: SyncContracts.connectionUnauthenticated.subject,
        data: { connection: expect.objectContaining({ connection_id: 'conn_1', status: 'unauthenticated' }) },
      },
    ]);
    expect(written.purchases).toEqual([]);
  });

  it.each<[string, Error, number]>([
    ['honours a 429 Retry-After', new RateLimited('walmart', 45_000), 45_000],
    ['backs off from a 5xx', new RetailerUnavailable('walmart', 'server_error', 503), 1_000],
    ['backs off from a timeout', new RetailerUnavailable('walmart', 'timeout'), 1_000],
  ])('%s, for this connection only', async (_name, error, delay) => {
    const { run, written } = setup({ listFails: error });
    const result = await run();
    expect(result.outcome).toBe(error instanceof RateLimited ? 'rate_limited' : 'retailer_error');
    expect(written.failed).toEqual([{ delay, error: `${error.name}: ${error.message}` }]);
    expect(written.finished).toEqual([]);
    expect(written.purchases).toEqual([]);
  });

  it('reports a lease that ran out unnoticed as lost, not as a poll that counted', async () => {
    expect(await setup({ leaseExpiredAtEnd: true }).run()).toMatchObject({ outcome: 'lease_lost' });
    const failing = setup({ leaseExpiredAtEnd: true, listFails: new RetailerUnavailable('walmart', 'timeout') });
    expect(await failing.run()).toMatchObject({ outcome: 'lease_lost' });
  });

  it('stores nothing when its lease was taken meanwhile (the transaction is rolled back)', async () => {
    const { run, written, metrics } = setup({ leaseLost: true });
    expect(await run()).toMatchObject({ outcome: 'lease_lost', stored: 0 });
    expect(written.failed).toEqual([]);
    expect(written.finished).toEqual([]);
    expect((await metrics.collected.get()).values[0]?.value ?? 0).toBe(0);
  });

  it('stops when the connection is no longer active', async () => {
    const { run, written } = setup({ status: 'disconnected' });
    expect(await run()).toMatchObject({ outcome: 'stopped' });
    expect(written.listCalls).toHaveLength(1);
    expect(written.purchases).toEqual([]);
  });
});
