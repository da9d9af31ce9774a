import { runMigrations, schemaDataSourceOptions } from '@cps/persistence';
import { createTestDatabase } from '@cps/testing';
import { DataSource, type QueryRunner } from 'typeorm';
import { migrations } from '../src/migrations/index.js';
import { type PurchaseEntity, type PurchaseItemEntity } from '../src/purchases/purchase.entity.js';
import { PurchaseRepository } from '../src/purchases/purchase.repository.js';
import { overviewPeriod } from '../src/stats/overview-period.js';
import { TeamOverviewRepository } from '../src/stats/team-overview.repository.js';

/**
 * The overview's figures come from summaries kept by triggers (migration 1739300000000). After every kind of write
 * that changes what the overview counts, they must equal the same figures computed straight from the purchases and
 * connections, for ranges that cut through UTC midnight, in both modes.
 */
const TEAM = 'team_rollup';
const OTHER = 'team_other';
const PERIODS = [
  overviewPeriod('2026-11-11', '2026-11-20'),
  overviewPeriod('2026-11-10', '2026-11-10'),
  overviewPeriod('2025-11-21', '2026-11-20'),
];

let database: { url: string; drop(): Promise<void> };
let db: DataSource;
let overview: TeamOverviewRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  db = new DataSource(schemaDataSourceOptions({ url: database.url, schema: 'sync', entities: [], migrations }));
  await db.initialize();
  await runMigrations(db, 'sync');
  overview = new TeamOverviewRepository(db);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** The figures as the overview computed them before the summaries: straight from the purchases. */
async function direct(teamId: string, period: (typeof PERIODS)[number], simulated: boolean) {
  const rows: Array<{
    current: boolean;
    retailer_id: string | null;
    day: string | null;
    purchases: number;
    spend: string;
    units: number;
    shoppers: number;
  }> = await db.query(
    `WITH scoped AS (
       SELECT p.date >= ($3::date AT TIME ZONE 'UTC') AS current, p.retailer_id, c.customer_id, p.total, p.units,
              CASE WHEN p.date >= ($3::date AT TIME ZONE 'UTC') THEN to_char((p.date AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') END AS day
       FROM sync.purchases p JOIN sync.connections c ON c.id = p.connection_id
       WHERE p.team_id = $1 AND p.is_simulated = $2 AND c.deleted_at IS NULL
         AND p.date >= COALESCE(c.first_linked_at, c.created_at) - make_interval(days => c.history_window_days)
         AND p.date >= ($4::date AT TIME ZONE 'UTC') AND p.date < (($5::date + 1) AT TIME ZONE 'UTC'))
     SELECT current, retailer_id, day, count(*)::int AS purchases, sum(total)::numeric(16, 2)::text AS spend,
            sum(units)::int AS units,
            CASE WHEN GROUPING(day) = 1 THEN count(DISTINCT customer_id)::int ELSE 0 END AS shoppers
     FROM scoped GROUP BY GROUPING SETS ((current), (current, retailer_id), (current, day))`,
    [teamId, simulated, period.from, period.previousFrom, period.to],
  );
  const totals = (current: boolean) => {
    const row = rows.find((r) => r.current === current && r.retailer_id === null && r.day === null);
    return {
      purchases: row?.purchases ?? 0,
      shoppers: row?.shoppers ?? 0,
      spend: row?.spend ?? '0.00',
      units: row?.units ?? 0,
    };
  };
  const days = new Map(rows.filter((r) => r.current && r.day !== null).map((r) => [r.day, r]));
  return {
    current: totals(true),
    previous: totals(false),
    retailers: rows
      .filter((r) => r.current && r.retailer_id !== null)
      .map(({ retailer_id, purchases, shoppers, spend, units }) => ({ retailer_id, purchases, shoppers, spend, units }))
      .sort((a, b) => a.retailer_id!.localeCompare(b.retailer_id!)),
    per_day: Array.from({ length: period.days }, (_, index) => {
      const date = new Date(Date.parse(`${period.from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10);
      return { date, purchases: days.get(date)?.purchases ?? 0, spend: days.get(date)?.spend ?? '0.00' };
    }),
  };
}

async function fromSummaries(teamId: string, period: (typeof PERIODS)[number], simulated: boolean) {
  const figures = await overview.purchases(teamId, period, simulated);
  const totals = ({ purchases, shoppers, spend, units }: typeof figures.current) => ({
    purchases,
    shoppers,
    spend,
    units,
  });
  return {
    current: totals(figures.current),
    previous: totals(figures.previous),
    retailers: figures.retailers
      .map(({ retailer_id, purchases, shoppers, spend, units }) => ({ retailer_id, purchases, shoppers, spend, units }))
      .sort((a, b) => a.retailer_id.localeCompare(b.retailer_id)),
    per_day: figures.per_day,
  };
}

/** Every period, both modes, both teams: the summaries' figures equal the direct ones; returns the live figures. */
async function expectSameFigures() {
  for (const teamId of [TEAM, OTHER]) {
    for (const period of PERIODS) {
      for (const simulated of [false, true]) {
        expect(await fromSummaries(teamId, period, simulated)).toEqual(await direct(teamId, period, simulated));
      }
    }
  }
  return direct(TEAM, PERIODS[0]!, false);
}

async function connection(id: string, teamId: string, customerId: string, retailerId: string, simulated = false) {
  await db.query(
    `INSERT INTO sync.connections (id, team_id, customer_id, retailer_id, status, is_simulated, history_window_days,
                                   first_linked_at, created_at)
     VALUES ($1, $2, $3, $4, 'active', $5, 365, '2026-11-01T00:00:00Z', '2026-10-01T00:00:00Z')`,
    [id, teamId, customerId, retailerId, simulated],
  );
}

/** A purchase and its items, in one transaction as collection stores them. */
async function purchase(id: string, connectionId: string, date: string, total: string, quantities: number[]) {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO sync.purchases (id, team_id, connection_id, retailer_id, date, purchase_type, items_subtotal, total,
                                   is_simulated, collected_event_id)
       SELECT $1, team_id, id, retailer_id, $3, 'online', $4, $4, is_simulated, 'legacy:' || $1
       FROM sync.connections WHERE id = $2`,
      [id, connectionId, date, total],
    );
    await tx.query(
      `INSERT INTO sync.purchase_items (id, purchase_id, position, name, price, quantity)
       SELECT $1 || '-' || position, $1, position, 'Item', '1.00', quantity
       FROM unnest($2::int[]) WITH ORDINALITY AS q(quantity, position)`,
      [id, quantities],
    );
  });
}

describe('sync-service: overview summaries', () => {
  it('match the purchases after inserts on both sides of UTC midnight, in both modes and teams', async () => {
    await connection('A', TEAM, 'cust_1', 'walmart');
    await connection('B', TEAM, 'cust_1', 'target');
    await connection('C', TEAM, 'cust_2', 'walmart');
    await connection('S', TEAM, 'cust_3', 'walmart', true);
    await connection('X', OTHER, 'cust_1', 'walmart');
    await purchase('p1', 'A', '2026-11-10T23:59:59Z', '10.00', [1, 2]);
    await purchase('p2', 'A', '2026-11-11T00:00:00Z', '20.50', [3]);
    await purchase('p3', 'B', '2026-11-11T12:00:00Z', '5.25', [1]);
    await purchase('p4', 'C', '2026-11-20T23:59:59Z', '7.00', [2, 2]);
    await purchase('p5', 'C', '2026-11-21T00:00:00Z', '99.00', [1]);
    await purchase('p6', 'C', '2026-11-05T08:00:00Z', '3.00', [1]);
    await purchase('p7', 'S', '2026-11-12T08:00:00Z', '4.00', [5]);
    await purchase('p8', 'X', '2026-11-12T08:00:00Z', '8.00', [1]);
    // Several purchases in one statement, as the bench's bulk load and a batched collection write them.
    await db.query(
      `INSERT INTO sync.purchases (id, team_id, connection_id, retailer_id, date, purchase_type, items_subtotal, total,
                                   is_simulated, collected_event_id)
       SELECT 'bulk' || n, $1, 'A', 'walmart', '2026-11-01T00:00:00Z'::timestamptz + n * interval '7 hours', 'online',
              n, n, false, 'legacy:bulk' || n
       FROM generate_series(1, 80) n`,
      [TEAM],
    );

    const live = await expectSameFigures();
    expect(live.current).toEqual({ purchases: 37, shoppers: 2, spend: expect.any(String), units: 8 });
    expect(live.previous.purchases).toBeGreaterThan(0);
  });

  it('match after a re-collection changes a purchase (total, date across midnight, items)', async () => {
    await db.query(`UPDATE sync.purchases SET total = '11.00', date = '2026-11-11T00:00:01Z' WHERE id = 'p1'`);
    await db.query(`UPDATE sync.purchases SET collected_event_id = 'evt' WHERE id = 'p2'`);
    await db.query(
      `INSERT INTO sync.purchase_items (id, purchase_id, position, name, price, quantity)
       VALUES ('p3-9', 'p3', 9, 'More', '1.00', 4)`,
    );
    await expectSameFigures();
  });

  it("match after a connection's customer id, sharing window or deletion changes", async () => {
    await db.query(`UPDATE sync.connections SET customer_id = 'cust_1' WHERE id = 'C'`);
    await expectSameFigures();
    // The window now starts on 2026-11-11 12:00: earlier purchases of A stop counting.
    await db.query(
      `UPDATE sync.connections SET first_linked_at = '2026-11-11T12:00:00Z', history_window_days = 0 WHERE id = 'A'`,
    );
    await expectSameFigures();
    await db.query(`UPDATE sync.connections SET deleted_at = now() WHERE id = 'B'`);
    await expectSameFigures();
    await db.query(`UPDATE sync.connections SET deleted_at = NULL, history_window_days = 365 WHERE id IN ('A', 'B')`);
    await expectSameFigures();
  });

  it('match after purchases are deleted and connections purged (purchases first, or by cascade)', async () => {
    await db.query(`DELETE FROM sync.purchases WHERE id IN ('p2', 'bulk3')`);
    await expectSameFigures();
    // The simulated data purge deletes the purchases, then the connection.
    await db.query(`DELETE FROM sync.purchases WHERE connection_id = 'S'`);
    await db.query(`DELETE FROM sync.connections WHERE id = 'S'`);
    await expectSameFigures();
    await db.query(`DELETE FROM sync.connections WHERE id IN ('C', 'X')`);
    const live = await expectSameFigures();
    expect(live.current.purchases).toBeGreaterThan(0);
    expect(
      await db.query(`SELECT count(*)::int AS n FROM sync.overview_shoppers WHERE customer_id = 'cust_3'`),
    ).toEqual([{ n: 0 }]);
  });

  it('match after a collection stores purchases with their units, each purchase written once (insertNew)', async () => {
    await connection('N', TEAM, 'cust_5', 'walmart');
    const collected = (id: string, date: string, quantities: number[]) => ({
      purchase: {
        id,
        teamId: TEAM,
        connectionId: 'N',
        retailerId: 'walmart',
        retailerOrderId: `order-${id}`,
        date: new Date(date),
        purchaseType: 'online',
        currency: 'USD',
        itemsSubtotal: '3.00',
        discounts: '0.00',
        shipping: '0.00',
        fees: '0.00',
        tax: '0.00',
        total: '3.00',
        isSimulated: false,
        createdAt: new Date(date),
        collectedEventId: `event-${id}`,
      } as unknown as PurchaseEntity,
      items: quantities.map(
        (quantity, position) =>
          ({
            id: `${id}-${position}`,
            purchaseId: id,
            position,
            name: 'Item',
            brand: null,
            upc: null,
            sku: null,
            price: '1.00',
            quantity,
          }) as PurchaseItemEntity,
      ),
    });
    // Postgres 15's pg_stat_xact_* counts also hold what this connection did in earlier transactions whose counts
    // it has not flushed yet (at most once a second), so the transaction's own writes are the difference.
    const counts = (tx: { query: (sql: string) => Promise<Array<{ inserted: number; updated: number }>> }) =>
      tx.query(
        `SELECT n_tup_ins::int AS inserted, n_tup_upd::int AS updated FROM pg_stat_xact_user_tables
          WHERE schemaname = 'sync' AND relname = 'purchases'`,
      );
    const written = await db.transaction(async (tx) => {
      const [before = { inserted: 0, updated: 0 }] = await counts(tx);
      const stored = await new PurchaseRepository(null as never).insertNew(tx, [
        collected('n1', '2026-11-12T10:00:00Z', [2, 3]),
        collected('n2', '2026-11-13T10:00:00Z', [4]),
      ]);
      expect([...stored].sort()).toEqual(['n1', 'n2']);
      // This transaction's row counts: the items trigger found the units right and rewrote no purchase.
      return (await counts(tx)).map((after) => ({
        inserted: after.inserted - before.inserted,
        updated: after.updated - before.updated,
      }));
    });
    expect(written).toEqual([{ inserted: 2, updated: 0 }]);
    expect(await db.query(`SELECT id, units FROM sync.purchases WHERE id IN ('n1', 'n2') ORDER BY id`)).toEqual([
      { id: 'n1', units: 5 },
      { id: 'n2', units: 4 },
    ]);
    await expectSameFigures();
  });

  it('lets two collections of one team and day store at once when their connections fall in different shards', async () => {
    // Q1 and the first of Q2..Q64 whose shard (1739500000000) and shopper lock bucket (64 per team) differ from Q1's.
    const [other] = (await db.query(
      `SELECT id FROM (SELECT 'Q' || n AS id FROM generate_series(2, 64) n) k
        WHERE hashtext(id) & 15 <> hashtext('Q1') & 15
          AND hashtext('cust_q_' || id) & 63 <> hashtext('cust_q_Q1') & 63
        ORDER BY id LIMIT 1`,
    )) as Array<{ id: string }>;
    const ids = ['Q1', other!.id];
    for (const id of ids) await connection(id, TEAM, `cust_q_${id}`, 'walmart');
    const store = (runner: QueryRunner, id: string) =>
      runner.query(
        `INSERT INTO sync.purchases (id, team_id, connection_id, retailer_id, date, purchase_type, items_subtotal,
                                     total, is_simulated, collected_event_id)
         VALUES ($1, $2, $3, 'walmart', '2026-11-15T10:00:00Z', 'online', '2.00', '2.00', false, 'e-' || $1)`,
        [`purchase_${id}`, TEAM, id],
      );
    const [a, b] = [db.createQueryRunner(), db.createQueryRunner()];
    await a.startTransaction();
    await b.startTransaction();
    try {
      await store(a, ids[0]!);
      const [{ pid }] = (await b.query('SELECT pg_backend_pid() AS pid')) as Array<{ pid: number }>;
      let settled = false;
      const running = store(b, ids[1]!).finally(() => (settled = true));
      // The second either finishes while the first is still open, or is caught waiting for it.
      for (;;) {
        if (settled) break;
        const waiting = (await db.query(`SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted`, [pid])) as unknown[];
        expect(waiting).toEqual([]);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await running;
      await a.commitTransaction();
      await b.commitTransaction();
    } finally {
      for (const runner of [a, b]) {
        if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
        await runner.release();
      }
    }
    await expectSameFigures();
  });
});
