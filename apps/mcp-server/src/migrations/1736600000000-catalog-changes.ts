import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Catalog changes in the read model: the latest re-match of an item (`matching.items.rematched.v1`) and the latest
 * name of a product (`matching.catalog.changed.v1`), kept apart from the items so that they hold whatever order
 * the consumers see the events in (a rebuild replays each consumer at its own pace): an item projected after its
 * re-match or its product's rename takes them from here. Writer-only: `cps_mcp_query` is granted neither table.
 */
export class CatalogChanges1736600000000 implements MigrationInterface {
  name = 'CatalogChanges1736600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE mcp.item_rematches (
      purchase_id text NOT NULL,
      item_id text NOT NULL,
      team_id text NOT NULL,
      product_id text,
      product_name text,
      product_brand text,
      rematched_at timestamptz NOT NULL,
      PRIMARY KEY (purchase_id, item_id)
    )`);
    await q.query(`CREATE TABLE mcp.product_names (
      product_id text PRIMARY KEY,
      team_id text NOT NULL,
      name text NOT NULL,
      brand text,
      catalog_version integer NOT NULL
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mcp.product_names`);
    await q.query(`DROP TABLE mcp.item_rematches`);
  }
}
