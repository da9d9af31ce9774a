import { PurchaseDetail, SyncContracts, toMessage } from '@cps/contracts';
import { TestPlatform } from '@cps/testing';
import type pg from 'pg';
import { API_ACTOR, connectDb, insertPurchase, refusalOf } from './support.js';

describe('sync-service: purchases over NATS', () => {
  let platform: TestPlatform;
  let db: pg.Client;
  let teamA: string;
  let teamB: string;
  let connectionId: string;
  let otherConnectionId: string;

  // Dates with ties: the page order is date descending, then purchase id descending.
  const PURCHASES: Array<[id: string, date: string]> = [
    ['P-A', '2025-04-01T10:00:00Z'],
    ['P-B', '2025-04-03T10:00:00Z'],
    ['P-C', '2025-04-03T10:00:00Z'],
    ['P-D', '2025-04-02T10:00:00Z'],
    ['P-E', '2025-04-03T10:00:00Z'],
    ['P-F', '2025-04-02T10:00:00Z'],
    ['P-G', '2025-03-30T10:00:00Z'],
  ];
  const EXPECTED_ORDER = ['P-E', 'P-C', 'P-B', 'P-F', 'P-D', 'P-A', 'P-G'];

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['auth-server', 'sync-service', 'matching-service', 'events-service'],
    });
    db = await connectDb(platform.databaseUrl);
    teamA = (await platform.admin.createTeam('Purchases A')).team_id;
    teamB = (await platform.admin.createTeam('Purchases B')).team_id;
    await platform.admin.enableRetailer(teamA, 'walmart');
    const create = async () =>
      (
        await platform.admin.request(SyncContracts.createConnection, {
          teamId: teamA,
          actor: API_ACTOR,
          customer_id: 'cust_p',
          retailer_id: 'walmart',
        })
      ).connection_id;
    connectionId = await create();
    otherConnectionId = await create();
    for (const [id, date] of PURCHASES) {
      await insertPurchase(db, { id, teamId: teamA, connectionId, retailerId: 'walmart', date, total: '12.30' });
    }
    await insertPurchase(db, {
      id: 'P-OTHER',
      teamId: teamA,
      connectionId: otherConnectionId,
      retailerId: 'walmart',
      date: '2025-04-03T10:00:00Z',
    });
  });
  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  const list = (query: { teamId?: string; connectionId?: string; limit?: number; starting_after?: string } = {}) =>
    platform.admin.request(SyncContracts.listPurchases, { teamId: teamA, connectionId, ...query });

  it('lists one connection by date descending, ties by purchase id descending', async () => {
    const page = await list({ limit: 50 });
    expect(page.has_more).toBe(false);
    expect(page.purchases.map((p) => p.purchase_id)).toEqual(EXPECTED_ORDER);
    expect(page.purchases[0]).toEqual({
      purchase_id: 'P-E',
      date: '2025-04-03T10:00:00.000Z',
      total: '12.30',
      purchase_type: 'online',
    });
  });

  it('defaults to 10 per page', async () => {
    expect((await list()).purchases).toHaveLength(PURCHASES.length);
  });

  it.each([1, 2, 3])('pages of %i never skip or repeat a purchase across equal dates', async (limit) => {
    const seen: string[] = [];
    let startingAfter: string | undefined;
    for (;;) {
      const page = await list({ limit, starting_after: startingAfter });
      expect(page.purchases.length).toBeLessThanOrEqual(limit);
      seen.push(...page.purchases.map((p) => p.purchase_id));
      if (!page.has_more) break;
      startingAfter = page.purchases.at(-1)!.purchase_id;
    }
    expect(seen).toEqual(EXPECTED_ORDER);
  });

  it('answers an empty last page after the oldest purchase', async () => {
    expect(await list({ starting_after: 'P-G' })).toEqual({ purchases: [], has_more: false });
    expect(await list({ limit: 6, starting_after: 'P-E' })).toEqual({
      purchases: expect.any(Array),
      has_more: false,
    });
  });

  it.each([
    ['an unknown purchase', 'P-NOPE'],
    ["another connection's purchase", 'P-OTHER'],
  ])('refuses %s as starting_after with 422 on query.starting_after', async (_name, startingAfter) => {
    expect(await refusalOf(list({ starting_after: startingAfter }))).toEqual({
      status: 422,
      detail: [
        {
          loc: ['query', 'starting_after'],
          msg: 'starting_after must be the id of a purchase of this connection',
          type: 'value_error',
          input: startingAfter,
        },
      ],
    });
  });

  it('returns the detail with items, scoped to the team and, when given, the connection', async () => {
    const detail = await platform.admin.request(SyncContracts.getPurchase, { teamId: teamA, purchaseId: 'P-C' });
    expect(toMessage(PurchaseDetail, detail)).toEqual(detail);
    expect(detail).toMatchObject({
      purchase_id: 'P-C',
      connection_id: connectionId,
      retailer_id: 'walmart',
      date: '2025-04-03T10:00:00.000Z',
      total: '12.30',
      item_count: 1,
      is_simulated: false,
      items: [{ item_id: 'P-C-item', name: 'Sparkling Water 12pk', price: '12.30', quantity: 1, product: null }],
    });
    expect(
      await platform.admin.request(SyncContracts.getPurchase, { teamId: teamA, purchaseId: 'P-C', connectionId }),
    ).toEqual(detail);
    expect(
      await refusalOf(
        platform.admin.request(SyncContracts.getPurchase, {
          teamId: teamA,
          purchaseId: 'P-C',
          connectionId: otherConnectionId,
        }),
      ),
    ).toEqual({ status: 404, detail: 'purchase P-C not found' });
    expect(
      await refusalOf(platform.admin.request(SyncContracts.getPurchase, { teamId: teamA, purchaseId: 'P-NOPE' })),
    ).toEqual({ status: 404, detail: 'purchase P-NOPE not found' });
  });

  it("keeps a team's purchases from another team", async () => {
    expect(await refusalOf(list({ teamId: teamB }))).toEqual({
      status: 404,
      detail: `connection ${connectionId} not found`,
    });
    expect(
      await refusalOf(platform.admin.request(SyncContracts.getPurchase, { teamId: teamB, purchaseId: 'P-A' })),
    ).toEqual({ status: 404, detail: 'purchase P-A not found' });
    expect(
      await refusalOf(
        platform.admin.request(SyncContracts.getPurchase, { teamId: teamB, purchaseId: 'P-A', connectionId }),
      ),
    ).toMatchObject({ status: 404 });
  });

  it('reads simulated purchases like real ones', async () => {
    const simulated = await platform.admin.request(SyncContracts.createSimulatedConnection, {
      teamId: teamA,
      actor: API_ACTOR,
      retailer_id: 'walmart',
      include_purchases: true,
    });
    const created = await platform.admin.request(SyncContracts.createSimulatedPurchase, {
      teamId: teamA,
      connectionId: simulated.connection_id,
    });
    const page = await list({ connectionId: simulated.connection_id, limit: 50 });
    expect(page.purchases[0]).toEqual({
      purchase_id: created.purchase_id,
      date: created.date,
      total: created.total,
      purchase_type: created.purchase_type,
    });
    expect(page.purchases.length).toBeGreaterThanOrEqual(2);
    const dates = page.purchases.map((p) => Date.parse(p.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(
      await platform.admin.request(SyncContracts.getPurchase, {
        teamId: teamA,
        purchaseId: created.purchase_id,
        connectionId: simulated.connection_id,
      }),
    ).toEqual(created);
  });
});
