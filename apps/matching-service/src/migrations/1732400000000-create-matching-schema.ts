import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { inboxTablesSql, outboxTableSql } from '@cps/messaging';

export class CreateMatchingSchema1732400000000 implements MigrationInterface {
  name = 'CreateMatchingSchema1732400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS matching`);
    // A brand's products. `upc` holds the normalized GTIN-14 (UPC-A and EAN-13 left-padded with zeros).
    await q.query(`CREATE TABLE matching.products (
      id text PRIMARY KEY,
      team_id text NOT NULL,
      name text NOT NULL,
      brand text,
      upc text CHECK (upc ~ '^[0-9]{14}$'),
      sku text,
      group_id text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(
      `CREATE UNIQUE INDEX products_team_upc_idx ON matching.products (team_id, upc) WHERE upc IS NOT NULL`,
    );
    await q.query(`CREATE INDEX products_team_sku_idx ON matching.products (team_id, sku)`);
    // One row per collected item: which of the team's products it is, if any, and how that was decided.
    await q.query(`CREATE TABLE matching.item_matches (
      team_id text NOT NULL,
      purchase_id text NOT NULL,
      item_id text NOT NULL,
      product_id text REFERENCES matching.products (id),
      method text NOT NULL CHECK (method IN ('gtin', 'sku', 'none')),
      matched_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (purchase_id, item_id),
      CHECK ((method = 'none') = (product_id IS NULL))
    )`);
    await q.query(`CREATE INDEX item_matches_team_product_idx ON matching.item_matches (team_id, product_id)`);
    for (const sql of inboxTablesSql('matching')) await q.query(sql);
    for (const sql of outboxTableSql('matching')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA matching CASCADE`);
  }
}
