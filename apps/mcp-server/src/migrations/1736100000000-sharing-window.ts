import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The columns of the covering `(team_id, purchased_at)` indexes as this migration built them. */
export const PURCHASE_COLUMNS =
  'retailer_id, purchase_type, total, items_subtotal, discounts, shipping, fees, tax, item_count, connection_id, is_simulated, visible_from';
export const ITEM_COLUMNS =
  'retailer_id, purchase_type, product_id, product_name, product_brand, brand, price, quantity, amount, purchase_id, is_simulated, visible_from';

/**
 * The shopper's sharing preference (ADR 0014) in the read model, and its layout for analytics.
 *
 * `sync.connection.sharing-changed.v1` gives each connection the first purchase date the brand may see; it is kept
 * in `mcp.connection_sharing` and copied onto the connection's purchases and items (`visible_from`, `-infinity`
 * until a window is known). Row-level security shows `cps_mcp_query` only rows with `purchased_at >= visible_from`,
 * so a narrower window chosen by re-linking hides older purchases from every `ask` statement, as it does at the
 * REST API.
 *
 * The `(team_id, purchased_at)` indexes become covering indexes holding every column `ask` groups, filters or adds
 * up (and `visible_from`, which the row-level security reads), so date-bounded questions are index-only scans
 * instead of visits to rows spread over the whole table (bench/mcp).
 */
export class SharingWindow1736100000000 implements MigrationInterface {
  name = 'SharingWindow1736100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE mcp.connection_sharing (
      connection_id text PRIMARY KEY,
      team_id text NOT NULL,
      history_window_days integer NOT NULL,
      history_start timestamptz NOT NULL,
      changed_at timestamptz NOT NULL
    )`);
    await q.query(`ALTER TABLE mcp.purchases ADD COLUMN visible_from timestamptz NOT NULL DEFAULT '-infinity'`);
    await q.query(`ALTER TABLE mcp.items ADD COLUMN visible_from timestamptz NOT NULL DEFAULT '-infinity'`);
    await q.query(`CREATE INDEX purchases_connection_idx ON mcp.purchases (connection_id)`);

    await q.query(`DROP INDEX mcp.purchases_team_date_idx`);
    await q.query(`DROP INDEX mcp.purchases_team_retailer_idx`);
    await q.query(`DROP INDEX mcp.items_team_date_idx`);
    await q.query(
      `CREATE INDEX purchases_team_date_idx ON mcp.purchases (team_id, purchased_at) INCLUDE (${PURCHASE_COLUMNS})`,
    );
    await q.query(
      `CREATE INDEX purchases_team_retailer_idx ON mcp.purchases (team_id, retailer_id, purchased_at)
       INCLUDE (purchase_type, total, tax, item_count, visible_from)`,
    );
    await q.query(`CREATE INDEX items_team_date_idx ON mcp.items (team_id, purchased_at) INCLUDE (${ITEM_COLUMNS})`);

    for (const table of ['purchases', 'items']) {
      await q.query(`DROP POLICY ${table}_team ON mcp.${table}`);
      await q.query(`CREATE POLICY ${table}_team ON mcp.${table} FOR SELECT TO cps_mcp_query
        USING (team_id = current_setting('mcp.team_id', true) AND purchased_at >= visible_from)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['purchases', 'items']) {
      await q.query(`DROP POLICY ${table}_team ON mcp.${table}`);
      await q.query(`CREATE POLICY ${table}_team ON mcp.${table} FOR SELECT TO cps_mcp_query
        USING (team_id = current_setting('mcp.team_id', true))`);
    }
    await q.query(`DROP INDEX mcp.items_team_date_idx`);
    await q.query(`DROP INDEX mcp.purchases_team_retailer_idx`);
    await q.query(`DROP INDEX mcp.purchases_team_date_idx`);
    await q.query(`DROP INDEX mcp.purchases_connection_idx`);
    await q.query(`ALTER TABLE mcp.items DROP COLUMN visible_from`);
    await q.query(`ALTER TABLE mcp.purchases DROP COLUMN visible_from`);
    await q.query(`CREATE INDEX items_team_date_idx ON mcp.items (team_id, purchased_at)`);
    await q.query(`CREATE INDEX purchases_team_retailer_idx ON mcp.purchases (team_id, retailer_id, purchased_at)`);
    await q.query(`CREATE INDEX purchases_team_date_idx ON mcp.purchases (team_id, purchased_at)`);
    await q.query(`DROP TABLE mcp.connection_sharing`);
  }
}
