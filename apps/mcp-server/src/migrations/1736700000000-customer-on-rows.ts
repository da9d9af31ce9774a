import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { ITEM_COLUMNS, PURCHASE_COLUMNS } from './1736100000000-sharing-window.js';

/**
 * The shopper (the connection's `customer_id`) on every purchase and item of the read model, and in their covering
 * `(team_id, purchased_at)` indexes. Questions about shoppers ("top 5 shoppers by spend this year", "how many
 * shoppers bought Acme last quarter") joined a year of the team's rows to their purchases and connections: 263 and
 * 627 ms p50 on a million purchases (bench/mcp), over the 250 ms goal. They now read one index.
 *
 * The projection copies the customer from the connection when it writes a purchase and onto the connection's rows when
 * the connection (or its customer id) arrives, under the connection's lock (ADR 0016). Existing rows are filled here,
 * and the indexes rebuilt: on a large read model this takes minutes; a rebuild (`rebuild-read-model`) is the
 * alternative.
 */
export class CustomerOnRows1736700000000 implements MigrationInterface {
  name = 'CustomerOnRows1736700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mcp.purchases ADD COLUMN customer_id text`);
    await q.query(`ALTER TABLE mcp.items ADD COLUMN customer_id text`);
    await q.query(`UPDATE mcp.purchases p SET customer_id = c.customer_id FROM mcp.connections c
      WHERE c.connection_id = p.connection_id AND c.team_id = p.team_id`);
    await q.query(`UPDATE mcp.items i SET customer_id = p.customer_id FROM mcp.purchases p
      WHERE p.purchase_id = i.purchase_id AND p.customer_id IS NOT NULL`);
    await q.query(`DROP INDEX mcp.purchases_team_date_idx`);
    await q.query(`DROP INDEX mcp.items_team_date_idx`);
    await q.query(
      `CREATE INDEX purchases_team_date_idx ON mcp.purchases (team_id, purchased_at) INCLUDE (${PURCHASE_COLUMNS}, customer_id)`,
    );
    await q.query(
      `CREATE INDEX items_team_date_idx ON mcp.items (team_id, purchased_at) INCLUDE (${ITEM_COLUMNS}, customer_id)`,
    );
    await rebuildConnectionIndex(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX mcp.items_team_date_idx`);
    await q.query(`DROP INDEX mcp.purchases_team_date_idx`);
    await q.query(
      `CREATE INDEX purchases_team_date_idx ON mcp.purchases (team_id, purchased_at) INCLUDE (${PURCHASE_COLUMNS})`,
    );
    await q.query(`CREATE INDEX items_team_date_idx ON mcp.items (team_id, purchased_at) INCLUDE (${ITEM_COLUMNS})`);
    await rebuildConnectionIndex(q);
    await q.query(`ALTER TABLE mcp.items DROP COLUMN customer_id`);
    await q.query(`ALTER TABLE mcp.purchases DROP COLUMN customer_id`);
  }
}

/**
 * Built again after the team's index: on tables without statistics every index of a new database counts one page,
 * their costs tie, and the planner took the index built last for a connection's purchases. The team's index then
 * read all of the team's purchases for one connection (mcp-server test sharing-plan: 616 buffers instead of 20).
 */
async function rebuildConnectionIndex(q: QueryRunner): Promise<void> {
  await q.query(`DROP INDEX mcp.purchases_connection_team_idx`);
  await q.query(`CREATE INDEX purchases_connection_team_idx ON mcp.purchases (connection_id, team_id)`);
}
