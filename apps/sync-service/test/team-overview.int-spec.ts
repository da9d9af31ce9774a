import { SyncContracts } from '@cps/contracts';
import { TestPlatform } from '@cps/testing';
import type pg from 'pg';
import { API_ACTOR, connectDb, refusalOf } from './support.js';

/**
 * `sync.team-overview.v1` against seeded rows whose figures are known: the range 2026-11-01..10 and its previous
 * period 2026-10-22..31, live and test apart, deleted connections and other teams left out.
 */
describe('sync-service: team overview figures', () => {
  let platform: TestPlatform;
  let db: pg.Client;
  let team: string;
  let otherTeam: string;
  const ids: Record<string, string> = {};

  const overview = (simulated: boolean, teamId = team) =>
    platform.admin.request(SyncContracts.teamOverview, { teamId, from: '2026-11-01', to: '2026-11-10', simulated });

  async function connection(name: string, teamId: string, customerId: string, retailerId: string) {
    ids[name] = (
      await platform.admin.request(SyncContracts.createConnection, {
        teamId,
        actor: API_ACTOR,
        customer_id: customerId,
        retailer_id: retailerId,
      })
    ).connection_id;
    await db.query(`UPDATE sync.connections SET status = 'active', history_window_days = 3650 WHERE id = $1`, [
      ids[name],
    ]);
  }

  let seq = 0;
  async function purchase(name: string, date: string, total: string, quantities: number[]) {
    const id = `OV-${(seq += 1)}`;
    await db.query(
      `INSERT INTO sync.purchases (id, team_id, connection_id, retailer_id, date, purchase_type, items_subtotal, total,
                                   is_simulated, collected_event_id)
       SELECT $1, team_id, id, retailer_id, $3, 'online', $4, $4, is_simulated, 'legacy:' || $1
       FROM sync.connections WHERE id = $2`,
      [id, ids[name], date, total],
    );
    for (const [position, quantity] of quantities.entries()) {
      await db.query(
        `INSERT INTO sync.purchase_items (id, purchase_id, position, name, price, quantity)
         VALUES ($1 || '-' || $2::int, $1, $2::int, 'Sparkling Water', '1.00', $3)`,
        [id, position, quantity],
      );
    }
  }

  async function activity(name: string, at: string, event: string, before: string | null, after: string | null) {
    await db.query(
      `INSERT INTO sync.connection_activity (team_id, connection_id, occurred_at, event_source, event,
                                             connection_before, connection_after)
       SELECT team_id, id, $2, 'System', $3, $4::jsonb, $5::jsonb FROM sync.connections WHERE id = $1`,
      [
        ids[name],
        at,
        event,
        before && JSON.stringify({ status: before }),
        after && JSON.stringify({ status: after }),
      ],
    );
  }

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['auth-server', 'sync-service'] });
    db = await connectDb(platform.databaseUrl);
    team = (await platform.admin.createTeam('Overview')).team_id;
    otherTeam = (await platform.admin.createTeam('Overview other')).team_id;
    for (const teamId of [team, otherTeam]) {
      await platform.admin.enableRetailer(teamId, 'walmart');
      await platform.admin.enableRetailer(teamId, 'target');
    }
    // cust_1 shops at two retailers: one shopper, two connections.
    await connection('L1', team, 'cust_1', 'walmart');
    await connection('L2', team, 'cust_1', 'target');
    await connection('L3', team, 'cust_2', 'walmart');
    await connection('S1', team, 'cust_3', 'walmart');
    await connection('D1', team, 'cust_4', 'walmart');
    await connection('X1', otherTeam, 'cust_1', 'walmart');
    await db.query(`UPDATE sync.connections SET is_simulated = true WHERE id = $1`, [ids.S1]);
    await db.query(`UPDATE sync.connections SET deleted_at = now() WHERE id = $1`, [ids.D1]);

    await purchase('L1', '2026-11-01T00:00:00Z', '10.00', [2, 1]);
    await purchase('L1', '2026-11-10T23:59:59Z', '5.50', [1]);
    await purchase('L2', '2026-11-05T12:00:00Z', '20.25', [4]);
    await purchase('L3', '2026-11-05T08:00:00Z', '1.00', [1]);
    await purchase('L3', '2026-11-11T00:00:00Z', '100.00', [9]); // after the range
    await purchase('S1', '2026-11-03T09:00:00Z', '7.00', [2]); // test mode
    await purchase('D1', '2026-11-04T09:00:00Z', '9.00', [1]); // deleted connection
    await purchase('X1', '2026-11-04T09:00:00Z', '8.00', [1]); // another team
    await purchase('L3', '2026-10-22T00:00:00Z', '3.00', [1]); // previous period
    await purchase('L3', '2026-10-31T23:00:00Z', '4.00', [2]);
    await purchase('L1', '2026-10-21T23:59:59Z', '50.00', [5]); // before the previous period

    await activity('L1', '2026-11-02T10:00:00Z', 'connection_activated', 'initialized', 'active');
    await activity('L2', '2026-10-25T10:00:00Z', 'connection_activated', 'initialized', 'active');
    await activity('L3', '2026-11-06T10:00:00Z', 'connection_revoked', 'active', 'revoked');
    await activity('D1', '2026-11-07T10:00:00Z', 'connection_deleted', 'active', null);
    await activity('S1', '2026-11-03T10:00:00Z', 'connection_activated', 'initialized', 'active');
    await activity('L1', '2026-11-08T10:00:00Z', 'connection_updated', 'active', 'active'); // not a disconnection
  });
  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  it('sums the live range and its previous period, shoppers by customer id', async () => {
    const figures = await overview(false);
    expect(figures).toMatchObject({
      previous_from: '2026-10-22',
      previous_to: '2026-10-31',
      current: { purchases: 4, shoppers: 2, spend: '36.75', units: 9, new_links: 1, disconnections: 2 },
      previous: { purchases: 2, shoppers: 1, spend: '7.00', units: 3, new_links: 1, disconnections: 0 },
      retailers: [
        { retailer_id: 'walmart', name: 'Walmart', purchases: 3, shoppers: 2, spend: '16.50', units: 5 },
        { retailer_id: 'target', name: 'Target', purchases: 1, shoppers: 1, spend: '20.25', units: 4 },
      ],
    });
    expect(figures.per_day).toHaveLength(10);
    expect(figures.per_day.filter((day) => day.purchases > 0)).toEqual([
      { date: '2026-11-01', purchases: 1, spend: '10.00' },
      { date: '2026-11-05', purchases: 2, spend: '21.25' },
      { date: '2026-11-10', purchases: 1, spend: '5.50' },
    ]);
    expect(figures.per_day[1]).toEqual({ date: '2026-11-02', purchases: 0, spend: '0.00' });
  });

  it('counts test mode apart', async () => {
    expect(await overview(true)).toMatchObject({
      current: { purchases: 1, shoppers: 1, spend: '7.00', units: 2, new_links: 1, disconnections: 0 },
      previous: { purchases: 0, shoppers: 0, spend: '0.00', units: 0, new_links: 0, disconnections: 0 },
      retailers: [{ retailer_id: 'walmart', purchases: 1, spend: '7.00', units: 2 }],
    });
  });

  it("answers only the asked team's figures", async () => {
    expect((await overview(false, otherTeam)).current).toEqual({
      purchases: 1,
      shoppers: 1,
      spend: '8.00',
      units: 1,
      new_links: 0,
      disconnections: 0,
    });
  });

  it('refuses an inverted or longer-than-a-year range with 400', async () => {
    const ask = (from: string, to: string) =>
      refusalOf(platform.admin.request(SyncContracts.teamOverview, { teamId: team, from, to, simulated: false }));
    expect((await ask('2026-11-10', '2026-11-01')).status).toBe(400);
    expect((await ask('2025-01-01', '2026-01-02')).status).toBe(400);
  });
});
