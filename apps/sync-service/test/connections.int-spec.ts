import { SyncContracts, type Connection } from '@cps/contracts';
import { TestPlatform } from '@cps/testing';
import type pg from 'pg';
import { API_ACTOR, connectDb, insertPurchase, refusalOf } from './support.js';

const DASHBOARD_ACTOR = { source: 'Dashboard', idType: 'dashboard_user', idName: 'ops@brand.test' } as const;

describe('sync-service: connections over NATS', () => {
  let platform: TestPlatform;
  let db: pg.Client;
  let teamA: string;
  let teamB: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['auth-server', 'sync-service', 'matching-service', 'events-service'],
    });
    db = await connectDb(platform.databaseUrl);
    teamA = (await platform.admin.createTeam('Connections A')).team_id;
    teamB = (await platform.admin.createTeam('Connections B')).team_id;
    for (const team of [teamA, teamB]) {
      await platform.admin.enableRetailer(team, 'walmart');
      await platform.admin.enableRetailer(team, 'target');
    }
  });
  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  const create = (
    teamId: string,
    body: Partial<{
      customer_id: string;
      retailer_id: string;
      email: string | null;
      mobile: string | null;
      tags: Record<string, string>;
    }> = {},
  ) =>
    platform.admin.request(SyncContracts.createConnection, {
      teamId,
      actor: API_ACTOR,
      customer_id: 'cust_1',
      retailer_id: 'walmart',
      ...body,
    });
  const get = (teamId: string, connectionId: string) =>
    platform.admin.request(SyncContracts.getConnection, { teamId, connectionId });
  const activity = (teamId: string, connectionId: string) =>
    platform.admin.request(SyncContracts.listConnectionActivity, { teamId, connectionId });
  const list = (
    teamId: string,
    query: Omit<Parameters<typeof platform.admin.request<typeof SyncContracts.listConnections>>[1], 'teamId'> = {},
  ) => platform.admin.request(SyncContracts.listConnections, { teamId, ...query });

  describe('create', () => {
    it('creates an initialized connection with its tags and records connection_created', async () => {
      const connection = await create(teamA, {
        customer_id: 'cust_create',
        email: 'shopper@example.com',
        mobile: '+15550100',
        tags: { utm_source: 'newsletter', utm_campaign: 'spring' },
      });
      expect(connection).toEqual({
        connection_id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
        customer_id: 'cust_create',
        retailer_id: 'walmart',
        status: 'initialized',
        email: 'shopper@example.com',
        mobile: '+15550100',
        tags: { utm_source: 'newsletter', utm_campaign: 'spring' },
        is_simulated: false,
        created_at: expect.any(String),
      });
      expect(await get(teamA, connection.connection_id)).toEqual(connection);

      const log = await activity(teamA, connection.connection_id);
      expect(log).toEqual({
        connection_id: connection.connection_id,
        activity: [
          {
            timestamp: connection.created_at,
            event_source: 'API',
            event: 'connection_created',
            details: null,
            source_id_type: 'client_api_key',
            source_id_name: 'backend key',
            connection_before: null,
            connection_after: {
              connection_id: connection.connection_id,
              customer_id: 'cust_create',
              retailer_id: 'walmart',
              status: 'initialized',
              email: 'shopper@example.com',
              mobile: '+15550100',
            },
          },
        ],
      });
      // Tags are recorded on the connection only, never in activity.
      const stored = await db.query('SELECT connection_after FROM sync.connection_activity WHERE connection_id = $1', [
        connection.connection_id,
      ]);
      expect(JSON.stringify(stored.rows)).not.toContain('newsletter');
    });

    it.each([
      ['a retailer the team has not enabled', 'amazon'],
      ['a retailer that does not exist', 'nosuchshop'],
    ])('refuses %s with 422 on body.retailer_id', async (_name, retailerId) => {
      expect(await refusalOf(create(teamA, { retailer_id: retailerId }))).toEqual({
        status: 422,
        detail: [
          {
            loc: ['body', 'retailer_id'],
            msg: 'retailer is not enabled for this client',
            type: 'value_error',
            input: retailerId,
          },
        ],
      });
    });

    it('refuses a retailer only another team enabled', async () => {
      const teamC = (await platform.admin.createTeam('Connections C')).team_id;
      await platform.admin.enableRetailer(teamC, 'kroger');
      expect(await refusalOf(create(teamA, { retailer_id: 'kroger' }))).toMatchObject({ status: 422 });
    });
  });

  describe('update', () => {
    it('records connection_updated and connection_disconnected, newest first, with the actor', async () => {
      const connection = await create(teamA, { customer_id: 'cust_update', email: 'old@example.com' });
      const id = connection.connection_id;

      const updated = await platform.admin.request(SyncContracts.updateConnection, {
        teamId: teamA,
        connectionId: id,
        actor: DASHBOARD_ACTOR,
        email: 'new@example.com',
        mobile: '+15550101',
      });
      expect(updated).toMatchObject({ status: 'initialized', email: 'new@example.com', mobile: '+15550101' });

      // The same values again: nothing changes, nothing is recorded.
      await platform.admin.request(SyncContracts.updateConnection, {
        teamId: teamA,
        connectionId: id,
        actor: API_ACTOR,
        email: 'new@example.com',
      });

      const disconnected = await platform.admin.request(SyncContracts.updateConnection, {
        teamId: teamA,
        connectionId: id,
        actor: API_ACTOR,
        status: 'disconnected',
      });
      expect(disconnected).toMatchObject({ status: 'disconnected', email: 'new@example.com' });
      // Disconnecting again is idempotent.
      await platform.admin.request(SyncContracts.updateConnection, {
        teamId: teamA,
        connectionId: id,
        actor: API_ACTOR,
        status: 'disconnected',
      });
      expect(await get(teamA, id)).toEqual(disconnected);

      const log = await activity(teamA, id);
      expect(
        log.activity.map((entry) => [entry.event, entry.event_source, entry.source_id_type, entry.source_id_name]),
      ).toEqual([
        ['connection_disconnected', 'API', 'client_api_key', 'backend key'],
        ['connection_updated', 'Dashboard', 'dashboard_user', 'ops@brand.test'],
        ['connection_created', 'API', 'client_api_key', 'backend key'],
      ]);
      const [disconnect, update] = log.activity;
      expect(update).toMatchObject({
        details: 'Changed email, mobile',
        connection_before: { email: 'old@example.com', mobile: null, status: 'initialized' },
        connection_after: { email: 'new@example.com', mobile: '+15550101', status: 'initialized' },
      });
      expect(disconnect).toMatchObject({
        details: null,
        connection_before: { status: 'initialized' },
        connection_after: { status: 'disconnected', email: 'new@example.com' },
      });
      const times = log.activity.map((entry) => Date.parse(entry.timestamp));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('writes field changes and a disconnect in one request as two entries in order', async () => {
      const { connection_id: id } = await create(teamA, { customer_id: 'cust_both' });
      await platform.admin.request(SyncContracts.updateConnection, {
        teamId: teamA,
        connectionId: id,
        actor: API_ACTOR,
        customer_id: 'cust_both_renamed',
        status: 'disconnected',
      });
      const log = await activity(teamA, id);
      expect(log.activity.map((entry) => entry.event)).toEqual([
        'connection_disconnected',
        'connection_updated',
        'connection_created',
      ]);
      expect(log.activity[0]).toMatchObject({
        connection_before: { customer_id: 'cust_both_renamed', status: 'initialized' },
        connection_after: { customer_id: 'cust_both_renamed', status: 'disconnected' },
      });
    });

    it('shows a revoked connection as disconnected in activity snapshots', async () => {
      const { connection_id: id } = await create(teamA, { customer_id: 'cust_revoked' });
      await db.query(`UPDATE sync.connections SET status = 'revoked' WHERE id = $1`, [id]);
      await platform.admin.request(SyncContracts.updateConnection, {
        teamId: teamA,
        connectionId: id,
        actor: API_ACTOR,
        email: 'r@example.com',
        status: 'disconnected',
      });
      const [entry, ...rest] = (await activity(teamA, id)).activity;
      // Already not collecting: only the email change is recorded.
      expect(rest.map((e) => e.event)).toEqual(['connection_created']);
      expect(entry).toMatchObject({
        event: 'connection_updated',
        connection_before: { status: 'disconnected', email: null },
        connection_after: { status: 'disconnected', email: 'r@example.com' },
      });
      expect((await get(teamA, id)).status).toBe('revoked');
    });
  });

  describe('list', () => {
    let ids: string[];
    let listTeam: string;

    beforeAll(async () => {
      listTeam = (await platform.admin.createTeam('Listing')).team_id;
      await platform.admin.enableRetailer(listTeam, 'walmart');
      await platform.admin.enableRetailer(listTeam, 'target');
      const made: Connection[] = [];
      for (const [customer, retailer] of [
        ['c1', 'walmart'],
        ['c2', 'target'],
        ['c1', 'target'],
        ['c3', 'walmart'],
        ['c1', 'walmart'],
      ] as const) {
        made.push(
          await platform.admin.request(SyncContracts.createConnection, {
            teamId: listTeam,
            actor: API_ACTOR,
            customer_id: customer,
            retailer_id: retailer,
          }),
        );
      }
      ids = made.map((c) => c.connection_id);
      // Three connections created in the same instant: their order comes from the id alone.
      await db.query(`UPDATE sync.connections SET created_at = '2025-03-01T12:00:00Z' WHERE id = ANY($1)`, [
        [ids[1], ids[2], ids[3]],
      ]);
      await db.query(`UPDATE sync.connections SET created_at = '2025-03-01T11:00:00Z' WHERE id = $1`, [ids[0]]);
      await db.query(`UPDATE sync.connections SET created_at = '2025-03-01T13:00:00Z' WHERE id = $1`, [ids[4]]);
      await db.query(`UPDATE sync.connections SET status = 'revoked' WHERE id = $1`, [ids[2]]);
      await db.query(`UPDATE sync.connections SET status = 'active' WHERE id = $1`, [ids[3]]);
      await platform.admin.request(SyncContracts.updateConnection, {
        teamId: listTeam,
        connectionId: ids[1]!,
        actor: API_ACTOR,
        status: 'disconnected',
      });
    });

    const expectedOrder = () => {
      const tied = [ids[1]!, ids[2]!, ids[3]!].sort().reverse();
      return [ids[4]!, ...tied, ids[0]!];
    };

    it('lists newest first with ties broken by id', async () => {
      const page = await list(listTeam);
      expect(page.has_more).toBe(false);
      expect(page.connections.map((c) => c.connection_id)).toEqual(expectedOrder());
    });

    it('pages with limit and starting_after without skipping or repeating', async () => {
      const seen: string[] = [];
      let startingAfter: string | undefined;
      const hasMore: boolean[] = [];
      for (;;) {
        const page = await list(listTeam, { limit: 2, starting_after: startingAfter });
        seen.push(...page.connections.map((c) => c.connection_id));
        hasMore.push(page.has_more);
        if (!page.has_more) break;
        startingAfter = page.connections.at(-1)!.connection_id;
      }
      expect(seen).toEqual(expectedOrder());
      expect(hasMore).toEqual([true, true, false]);
      // Starting after the oldest: an empty last page.
      expect(await list(listTeam, { starting_after: ids[0] })).toEqual({ connections: [], has_more: false });
    });

    it.each<[string, Record<string, string>, number[]]>([
      ['customer_id', { customer_id: 'c1' }, [4, 2, 0]],
      ['retailer_id', { retailer_id: 'target' }, [2, 1]],
      ['status active', { status: 'active' }, [3]],
      ['status initialized', { status: 'initialized' }, [4, 0]],
      ['status disconnected (revoked too)', { status: 'disconnected' }, [2, 1]],
      ['customer and retailer', { customer_id: 'c1', retailer_id: 'walmart' }, [4, 0]],
      ['a customer without connections', { customer_id: 'nobody' }, []],
    ])('filters by %s', async (_name, filter, indexes) => {
      const page = await list(listTeam, filter);
      const expected = expectedOrder().filter((id) => indexes.map((i) => ids[i]).includes(id));
      expect(page.connections.map((c) => c.connection_id)).toEqual(expected);
    });

    it('refuses an unknown or foreign starting_after with 422 on query.starting_after', async () => {
      const foreign = (await create(teamB)).connection_id;
      for (const startingAfter of ['01HZZZZZZZZZZZZZZZZZZZZZZZ', foreign]) {
        expect(await refusalOf(list(listTeam, { starting_after: startingAfter }))).toEqual({
          status: 422,
          detail: [
            {
              loc: ['query', 'starting_after'],
              msg: 'starting_after must be the id of one of your connections',
              type: 'value_error',
              input: startingAfter,
            },
          ],
        });
      }
    });
  });

  describe('delete', () => {
    it('records connection_deleted, then the connection and its purchases are gone', async () => {
      const connection = await create(teamA, { customer_id: 'cust_delete' });
      const id = connection.connection_id;
      await insertPurchase(db, {
        id: `p-del-${id}`,
        teamId: teamA,
        connectionId: id,
        retailerId: 'walmart',
        date: '2025-04-01T00:00:00Z',
      });
      expect(
        await platform.admin.request(SyncContracts.getPurchase, { teamId: teamA, purchaseId: `p-del-${id}` }),
      ).toMatchObject({
        connection_id: id,
      });

      expect(
        await platform.admin.request(SyncContracts.deleteConnection, {
          teamId: teamA,
          connectionId: id,
          actor: API_ACTOR,
        }),
      ).toEqual({
        connection_id: id,
        deleted: true,
      });

      const notFound = { status: 404, detail: `connection ${id} not found` };
      expect(await refusalOf(get(teamA, id))).toEqual(notFound);
      expect(await refusalOf(activity(teamA, id))).toEqual(notFound);
      expect(
        await refusalOf(
          platform.admin.request(SyncContracts.updateConnection, {
            teamId: teamA,
            connectionId: id,
            actor: API_ACTOR,
            email: 'x@example.com',
          }),
        ),
      ).toEqual(notFound);
      expect(
        await refusalOf(
          platform.admin.request(SyncContracts.deleteConnection, { teamId: teamA, connectionId: id, actor: API_ACTOR }),
        ),
      ).toEqual(notFound);
      expect(
        await refusalOf(platform.admin.request(SyncContracts.listPurchases, { teamId: teamA, connectionId: id })),
      ).toEqual(notFound);
      expect(
        await refusalOf(
          platform.admin.request(SyncContracts.getPurchase, { teamId: teamA, purchaseId: `p-del-${id}` }),
        ),
      ).toEqual({ status: 404, detail: `purchase p-del-${id} not found` });
      expect((await list(teamA, { customer_id: 'cust_delete' })).connections).toEqual([]);
      expect(await refusalOf(list(teamA, { starting_after: id }))).toMatchObject({ status: 422 });

      // The entry was written in the same transaction, and collection stops (status no longer collected).
      const { rows } = await db.query(
        `SELECT a.event, a.event_source, a.connection_before, a.connection_after, c.status, c.deleted_at
           FROM sync.connection_activity a JOIN sync.connections c ON c.id = a.connection_id
          WHERE a.connection_id = $1 ORDER BY a.id DESC`,
        [id],
      );
      expect(rows[0]).toMatchObject({
        event: 'connection_deleted',
        event_source: 'API',
        connection_before: { connection_id: id, status: 'initialized' },
        connection_after: null,
        status: 'disconnected',
        deleted_at: expect.any(Date),
      });
    });

    it('stops simulated collection of a deleted simulated connection', async () => {
      const simulated = await platform.admin.request(SyncContracts.createSimulatedConnection, {
        teamId: teamA,
        actor: API_ACTOR,
        retailer_id: 'walmart',
        include_purchases: false,
      });
      await platform.admin.request(SyncContracts.deleteConnection, {
        teamId: teamA,
        connectionId: simulated.connection_id,
        actor: API_ACTOR,
      });
      expect(
        await refusalOf(
          platform.admin.request(SyncContracts.createSimulatedPurchase, {
            teamId: teamA,
            connectionId: simulated.connection_id,
          }),
        ),
      ).toMatchObject({ status: 404 });
    });
  });

  describe('tenant isolation', () => {
    it("answers another team's connection with 404 everywhere and changes nothing", async () => {
      const connection = await create(teamA, { customer_id: 'cust_isolated', email: 'mine@example.com' });
      const id = connection.connection_id;
      const notFound = { status: 404, detail: `connection ${id} not found` };

      expect(await refusalOf(get(teamB, id))).toEqual(notFound);
      expect(await refusalOf(activity(teamB, id))).toEqual(notFound);
      expect(
        await refusalOf(
          platform.admin.request(SyncContracts.updateConnection, {
            teamId: teamB,
            connectionId: id,
            actor: API_ACTOR,
            email: 'stolen@example.com',
            status: 'disconnected',
          }),
        ),
      ).toEqual(notFound);
      expect(
        await refusalOf(
          platform.admin.request(SyncContracts.deleteConnection, { teamId: teamB, connectionId: id, actor: API_ACTOR }),
        ),
      ).toEqual(notFound);
      expect((await list(teamB, { customer_id: 'cust_isolated' })).connections).toEqual([]);
      expect((await list(teamB)).connections.map((c) => c.connection_id)).not.toContain(id);

      expect(await get(teamA, id)).toEqual(connection);
      expect((await activity(teamA, id)).activity.map((e) => e.event)).toEqual(['connection_created']);
    });

    it('answers an unknown id with 404', async () => {
      expect(await refusalOf(get(teamA, 'nope'))).toEqual({ status: 404, detail: 'connection nope not found' });
    });
  });
});
