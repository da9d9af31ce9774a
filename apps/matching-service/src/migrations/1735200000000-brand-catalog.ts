import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The brand catalog's write path and the matcher's memory (issue #8):
 * - products gain `updated_at` and `brand_key` (the normalized brand the name fallback looks products up by);
 * - `product_skus`: a product's SKU at one retailer (the retailer-independent SKU stays in `products.sku`);
 * - item_matches keep what was matched (retailer, date and the item's name, brand, UPC and SKU) so a catalog change
 *   can match the last 90 days again, plus how sure each match is (`confidence`) and the new methods;
 * - `catalogs`: per team, how many times its catalog changed and up to which change purchases were re-matched.
 */
export class BrandCatalog1735200000000 implements MigrationInterface {
  name = 'BrandCatalog1735200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE matching.products
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN brand_key text`);
    await q.query(`CREATE INDEX products_team_brand_key_idx ON matching.products (team_id, brand_key)`);
    await q.query(`CREATE INDEX products_team_group_idx ON matching.products (team_id, group_id, id)`);
    await q.query(`CREATE TABLE matching.product_skus (
      product_id text NOT NULL REFERENCES matching.products (id) ON DELETE CASCADE,
      team_id text NOT NULL,
      retailer_id text NOT NULL,
      sku text NOT NULL,
      PRIMARY KEY (product_id, retailer_id)
    )`);
    await q.query(
      `CREATE INDEX product_skus_team_retailer_sku_idx ON matching.product_skus (team_id, retailer_id, sku)`,
    );

    await q.query(`ALTER TABLE matching.item_matches DROP CONSTRAINT item_matches_method_check`);
    await q.query(`ALTER TABLE matching.item_matches
      ADD CONSTRAINT item_matches_method_check CHECK (method IN ('gtin', 'retailer_sku', 'sku', 'name', 'none')),
      ADD COLUMN confidence numeric(3, 2) NOT NULL DEFAULT 0 CHECK (confidence BETWEEN 0 AND 1),
      ADD COLUMN retailer_id text,
      ADD COLUMN purchase_date timestamptz,
      ADD COLUMN item_name text,
      ADD COLUMN item_brand text,
      ADD COLUMN item_upc text,
      ADD COLUMN item_sku text`);
    await q.query(`UPDATE matching.item_matches SET confidence = 1 WHERE method <> 'none'`);
    await q.query(
      `CREATE INDEX item_matches_team_date_idx ON matching.item_matches (team_id, purchase_date)
        WHERE purchase_date IS NOT NULL`,
    );

    await q.query(`CREATE TABLE matching.catalogs (
      team_id text PRIMARY KEY,
      version bigint NOT NULL,
      rematched_version bigint NOT NULL DEFAULT 0
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE matching.catalogs`);
    await q.query(`DROP INDEX matching.item_matches_team_date_idx`);
    await q.query(`DELETE FROM matching.item_matches WHERE method NOT IN ('gtin', 'sku', 'none')`);
    await q.query(`ALTER TABLE matching.item_matches DROP CONSTRAINT item_matches_method_check`);
    await q.query(`ALTER TABLE matching.item_matches
      ADD CONSTRAINT item_matches_method_check CHECK (method IN ('gtin', 'sku', 'none')),
      DROP COLUMN confidence, DROP COLUMN retailer_id, DROP COLUMN purchase_date, DROP COLUMN item_name,
      DROP COLUMN item_brand, DROP COLUMN item_upc, DROP COLUMN item_sku`);
    await q.query(`DROP TABLE matching.product_skus`);
    await q.query(`DROP INDEX matching.products_team_group_idx`);
    await q.query(`DROP INDEX matching.products_team_brand_key_idx`);
    await q.query(`ALTER TABLE matching.products DROP COLUMN brand_key, DROP COLUMN updated_at`);
  }
}
