import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { teamRowSecuritySql } from './team-row-security.js';

/**
 * The names `ask` recognises per team (brands, and the team's matched products), kept by a trigger on
 * `mcp.items` so every writer (the projection, a rebuild, a bulk load) keeps them. Reading them with
 * `SELECT DISTINCT` over the items took longer than the 5 s statement timeout at a million purchases
 * (bench/mcp). Names are only added: a purge leaves them, and a name with no rows left answers zero.
 */
export class AskVocabulary1736000000000 implements MigrationInterface {
  name = 'AskVocabulary1736000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE mcp.vocabulary_brands (
      team_id text NOT NULL,
      brand text NOT NULL,
      PRIMARY KEY (team_id, brand)
    )`);
    await q.query(`CREATE TABLE mcp.vocabulary_products (
      team_id text NOT NULL,
      product_id text NOT NULL,
      name text NOT NULL,
      PRIMARY KEY (team_id, product_id)
    )`);
    // Sorted inserts: two transactions adding the same names take their row locks in the same order.
    await q.query(`CREATE FUNCTION mcp.note_item_names() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO mcp.vocabulary_brands (team_id, brand)
          SELECT DISTINCT team_id, coalesce(product_brand, brand) FROM new_items
          WHERE coalesce(product_brand, brand) IS NOT NULL ORDER BY 1, 2
          ON CONFLICT DO NOTHING;
        INSERT INTO mcp.vocabulary_products (team_id, product_id, name)
          SELECT DISTINCT ON (team_id, product_id) team_id, product_id, product_name FROM new_items
          WHERE product_id IS NOT NULL AND product_name IS NOT NULL ORDER BY 1, 2
          ON CONFLICT (team_id, product_id) DO UPDATE SET name = EXCLUDED.name
          WHERE mcp.vocabulary_products.name <> EXCLUDED.name;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER items_names_inserted AFTER INSERT ON mcp.items
      REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION mcp.note_item_names()`);
    await q.query(`CREATE TRIGGER items_names_updated AFTER UPDATE ON mcp.items
      REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION mcp.note_item_names()`);
    await q.query(`INSERT INTO mcp.vocabulary_brands (team_id, brand)
      SELECT DISTINCT team_id, coalesce(product_brand, brand) FROM mcp.items
      WHERE coalesce(product_brand, brand) IS NOT NULL ON CONFLICT DO NOTHING`);
    await q.query(`INSERT INTO mcp.vocabulary_products (team_id, product_id, name)
      SELECT DISTINCT ON (team_id, product_id) team_id, product_id, product_name FROM mcp.items
      WHERE product_id IS NOT NULL AND product_name IS NOT NULL ORDER BY 1, 2 ON CONFLICT DO NOTHING`);
    for (const table of ['vocabulary_brands', 'vocabulary_products']) {
      await q.query(`GRANT SELECT ON mcp.${table} TO cps_mcp_query`);
      for (const sql of teamRowSecuritySql(table)) await q.query(sql);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER items_names_updated ON mcp.items`);
    await q.query(`DROP TRIGGER items_names_inserted ON mcp.items`);
    await q.query(`DROP FUNCTION mcp.note_item_names()`);
    await q.query(`DROP TABLE mcp.vocabulary_products`);
    await q.query(`DROP TABLE mcp.vocabulary_brands`);
  }
}
