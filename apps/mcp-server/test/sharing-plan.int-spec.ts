import { createTestDatabase } from '@cps/testing';
import { runMigrations, schemaDataSourceOptions } from '@cps/persistence';
import { DataSource } from 'typeorm';
import { migrations } from '../src/migrations/index.js';
import { PurchasesByConnectionAndTeam1736400000000 } from '../src/migrations/1736400000000-purchases-by-connection-and-team.js';
import { SHARING_ONTO_ITEMS } from '../src/read-model/projection.js';

/**
 * Copying a connection's sharing window onto its items reads that connection's rows, not its team's, even on
 * tables Postgres has not analyzed yet (a new database, the first minutes after a deploy): a team of 600 purchases
 * and 1,800 items in 200 connections, never analyzed, and the statement run for one connection as the service runs
 * it (a prepared statement on its generic plan). Counted in buffers, so the check does not depend on the machine's
 * speed. Here the lookup reads about 20 buffers for one connection's 9 items; with a `team_id` condition on the
 * items it read 179 (the team's items once per purchase of the connection), and with the index on the connection
 * alone 626 (the team's purchases).
 */
const TEAM = 'team-plan';
const CONNECTIONS = 200;
const PURCHASES = 600;
const ITEMS_PER_PURCHASE = 3;

let database: { url: string; drop(): Promise<void> };
let admin: DataSource;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = new DataSource(
    schemaDataSourceOptions({ url: database.url, schema: 'mcp', entities: [], migrations, poolSize: 2 }),
  );
  await admin.initialize();
  await runMigrations(admin, 'mcp');
  await admin.query(
    `INSERT INTO mcp.purchases (team_id, purchase_id, connection_id, retailer_id, purchased_at, purchase_type, currency,
       items_subtotal, discounts, shipping, fees, tax, total, item_count, is_simulated)
     SELECT $1, 'p' || g, 'c' || (g % $2), 'walmart', now() - (g % 300) * interval '1 day', 'online', 'USD',
       10, 0, 0, 0, 1, 11, $4, false
     FROM generate_series(1, $3) g`,
    [TEAM, CONNECTIONS, PURCHASES, ITEMS_PER_PURCHASE],
  );
  await admin.query(
    `INSERT INTO mcp.items (team_id, purchase_id, item_id, retailer_id, purchased_at, purchase_type, name, brand, price,
       quantity, is_simulated)
     SELECT p.team_id, p.purchase_id, 'i' || k, p.retailer_id, p.purchased_at, p.purchase_type, 'Thing ' || k, 'Brand',
       3.5, 1, false
     FROM mcp.purchases p, generate_series(1, $1) k`,
    [ITEMS_PER_PURCHASE],
  );
});

afterAll(async () => {
  await admin?.destroy();
  await database?.drop();
});

type PlanNode = {
  'Node Type': string;
  'Actual Rows': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
};

/**
 * What the statement read to find the rows it updates (the plan below its update node: the writes of new row
 * versions grow with the rows updated, not with the team), and how many it found; rolled back.
 */
async function lookupFor(connectionId: string): Promise<{ buffers: number; rows: number }> {
  const runner = admin.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    await runner.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
    await runner.query(`PREPARE sharing_onto_items(text, text, timestamptz) AS ${SHARING_ONTO_ITEMS}`);
    // EXECUTE takes no bind parameters: the test's own ids, as literals.
    const [row] = (await runner.query(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
       EXECUTE sharing_onto_items('${connectionId}', '${TEAM}', now() - interval '30 days')`,
    )) as Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode & { Plans: PlanNode[] } }> }>;
    const update = row!['QUERY PLAN'][0]!.Plan;
    expect(update['Node Type']).toBe('ModifyTable');
    const lookup = update.Plans[0]!;
    return { buffers: lookup['Shared Hit Blocks'] + lookup['Shared Read Blocks'], rows: lookup['Actual Rows'] };
  } finally {
    await runner.rollbackTransaction();
    await runner.query(`DEALLOCATE sharing_onto_items`);
    await runner.release();
  }
}

describe('the sharing window on tables without statistics', () => {
  it('has never been analyzed', async () => {
    const rows = (await admin.query(
      `SELECT reltuples FROM pg_class WHERE oid IN ('mcp.items'::regclass, 'mcp.purchases'::regclass)`,
    )) as Array<{ reltuples: number }>;
    expect(rows.map((r) => Number(r.reltuples))).toEqual([-1, -1]);
  });

  it("finds one connection's items reading their pages, not the team's", async () => {
    const { buffers, rows } = await lookupFor('c7');
    expect(rows).toBe((PURCHASES / CONNECTIONS) * ITEMS_PER_PURCHASE);
    // 3 purchases and 9 items: their index and heap pages, about 20 buffers. The team's purchases are 600 and its
    // items 1,800: reading either of them would be far more.
    expect(buffers).toBeLessThan(100);
  });

  it("reads as little for a new connection that has no purchases yet (the link's first window)", async () => {
    const { buffers, rows } = await lookupFor('c-new');
    expect(rows).toBe(0);
    expect(buffers).toBeLessThan(20);
  });

  it('has its index rebuilt by the migration when an earlier build of it failed half-way', async () => {
    // A concurrent build that fails leaves an invalid index behind: here a unique one over duplicate rows.
    await admin.query(`DROP INDEX mcp.purchases_connection_team_idx`);
    await expect(
      admin.query(`CREATE UNIQUE INDEX CONCURRENTLY purchases_connection_team_idx ON mcp.purchases (team_id)`),
    ).rejects.toThrow(/could not create unique index/);
    const validity = async () =>
      (await admin.query(
        `SELECT indisvalid AS valid, indisunique AS unique FROM pg_index
          WHERE indexrelid = 'mcp.purchases_connection_team_idx'::regclass`,
      )) as Array<{ valid: boolean; unique: boolean }>;
    expect(await validity()).toEqual([{ valid: false, unique: true }]);

    const migration = new PurchasesByConnectionAndTeam1736400000000();
    const runner = admin.createQueryRunner();
    const indexes = async () =>
      (
        (await runner.query(
          `SELECT indexname FROM pg_indexes WHERE schemaname = 'mcp' AND indexname LIKE 'purchases_connection%'`,
        )) as Array<{ indexname: string }>
      ).map((row) => row.indexname);
    try {
      await migration.up(runner);
      expect(await validity()).toEqual([{ valid: true, unique: false }]);
      await migration.down(runner);
      expect(await indexes()).toEqual(['purchases_connection_idx']);
      await migration.up(runner);
      expect(await indexes()).toEqual(['purchases_connection_team_idx']);
    } finally {
      await runner.release();
    }
    expect((await lookupFor('c7')).buffers).toBeLessThan(100);
  });
});
