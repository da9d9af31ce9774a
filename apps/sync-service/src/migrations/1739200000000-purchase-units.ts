import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createIndexConcurrently } from '@cps/persistence';

const BATCH = 5_000;

/** The items trigger's function as this migration made it: the new items' quantities added to their purchases. */
export const ADD_PURCHASE_UNITS = `CREATE OR REPLACE FUNCTION sync.add_purchase_units() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE sync.purchases p SET units = p.units + added.quantity
          FROM (SELECT purchase_id, sum(quantity)::int AS quantity FROM new_items GROUP BY purchase_id) added
         WHERE p.id = added.purchase_id;
        RETURN NULL;
      END $$`;

/**
 * The dashboard overview sums units (the items' quantities) over up to a year of a team's purchases: looking each
 * purchase's items up took most of its time on a million purchases (bench/overview). `purchases.units` holds the
 * sum, kept by a statement trigger on `purchase_items` (items are only ever inserted with their purchase, and
 * deleted with it) whichever code inserts them; existing rows are filled in batches. The overview reads a team's
 * purchases of one mode by date from an index that carries what it sums.
 *
 * Outside a transaction (docs/operations.md, expand/contract): the column has a constant default (no rewrite), the
 * backfill commits batch by batch, the index is built concurrently. Run again after a failure, it completes.
 */
export class PurchaseUnits1739200000000 implements MigrationInterface {
  name = 'PurchaseUnits1739200000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sync.purchases ADD COLUMN IF NOT EXISTS units integer NOT NULL DEFAULT 0`);
    await q.query(ADD_PURCHASE_UNITS);
    await q.query(`DROP TRIGGER IF EXISTS purchase_items_add_units ON sync.purchase_items`);
    await q.query(`CREATE TRIGGER purchase_items_add_units AFTER INSERT ON sync.purchase_items
      REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION sync.add_purchase_units()`);
    // Purchases stored before the trigger: a committed purchase has all its items, so the sum is final.
    for (let after = ''; ;) {
      const batch = (await q.query(
        `WITH batch AS (SELECT id FROM sync.purchases WHERE id > $1 ORDER BY id LIMIT $2),
              summed AS (SELECT i.purchase_id, sum(i.quantity)::int AS quantity FROM sync.purchase_items i
                          WHERE i.purchase_id IN (SELECT id FROM batch) GROUP BY i.purchase_id),
              filled AS (UPDATE sync.purchases p SET units = summed.quantity FROM summed
                          WHERE p.id = summed.purchase_id AND p.units <> summed.quantity)
         SELECT max(id) AS last FROM batch`,
        [after, BATCH],
      )) as Array<{ last: string | null }>;
      if (!batch[0]?.last) break;
      after = batch[0].last;
    }
    await createIndexConcurrently(
      q,
      'sync.purchases_team_mode_day_idx',
      'sync.purchases (team_id, is_simulated, date) INCLUDE (connection_id, retailer_id, total, units)',
    );
    // Built by an earlier version of 1739100000000; the overview no longer reads them.
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS sync.purchases_team_mode_date_idx`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS sync.purchase_items_purchase_quantity_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS sync.purchases_team_mode_day_idx`);
    await q.query(`DROP TRIGGER IF EXISTS purchase_items_add_units ON sync.purchase_items`);
    await q.query(`DROP FUNCTION IF EXISTS sync.add_purchase_units()`);
    await q.query(`ALTER TABLE sync.purchases DROP COLUMN IF EXISTS units`);
  }
}
