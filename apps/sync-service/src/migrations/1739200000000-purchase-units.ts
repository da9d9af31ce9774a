import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The dashboard overview sums units (the items' quantities) over up to a year of a team's purchases: looking each
 * purchase's items up took most of its time on a million purchases (bench/overview). `purchases.units` holds the
 * sum, kept by a statement trigger on `purchase_items` (items are only ever inserted, and deleted with their
 * purchase), whichever code inserts them; existing rows are filled here. The overview index carries it.
 */
export class PurchaseUnits1739200000000 implements MigrationInterface {
  name = 'PurchaseUnits1739200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sync.purchases ADD COLUMN units integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE FUNCTION sync.add_purchase_units() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE sync.purchases p SET units = p.units + added.quantity
          FROM (SELECT purchase_id, sum(quantity)::int AS quantity FROM new_items GROUP BY purchase_id) added
         WHERE p.id = added.purchase_id;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER purchase_items_add_units AFTER INSERT ON sync.purchase_items
      REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION sync.add_purchase_units()`);
    await q.query(`UPDATE sync.purchases p SET units = items.quantity
      FROM (SELECT purchase_id, sum(quantity)::int AS quantity FROM sync.purchase_items GROUP BY purchase_id) items
     WHERE p.id = items.purchase_id`);
    await q.query(`DROP INDEX sync.purchases_team_mode_date_idx`);
    await q.query(
      `CREATE INDEX purchases_team_mode_date_idx ON sync.purchases (team_id, is_simulated, date)
        INCLUDE (connection_id, retailer_id, total, units)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sync.purchases_team_mode_date_idx`);
    await q.query(
      `CREATE INDEX purchases_team_mode_date_idx ON sync.purchases (team_id, is_simulated, date)
        INCLUDE (connection_id, retailer_id, total)`,
    );
    await q.query(`DROP TRIGGER purchase_items_add_units ON sync.purchase_items`);
    await q.query(`DROP FUNCTION sync.add_purchase_units()`);
    await q.query(`ALTER TABLE sync.purchases DROP COLUMN units`);
  }
}
