import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { ADD_PURCHASE_UNITS } from './1739200000000-purchase-units.js';

/**
 * `purchases.units` written with the purchase: a collected purchase is inserted with the sum of its items' quantities
 * (`PurchaseRepository.insertNew`), and the items trigger now sets the sum only where it differs, instead of adding
 * the new items' quantities. Adding rewrote every purchase right after its insert: a second row version that
 * changes an indexed column (a new entry in each of the table's indexes) and runs the overview's update trigger
 * (bench/sync counted sync.purchases written twice per purchase, issue 34). A purchase inserted without units (the
 * simulator's, a test's) still gets them from the trigger. Items are only ever inserted with their purchase, in its
 * transaction, so the sum read here is the purchase's whole.
 */
export class PurchaseUnitsAtInsert1739400000000 implements MigrationInterface {
  name = 'PurchaseUnitsAtInsert1739400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE OR REPLACE FUNCTION sync.add_purchase_units() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Purchase by purchase through the indexes (lateral look-ups: joins with the transition table were planned as
        -- scans of every purchase or item, 7-10 ms a statement in bench/sync); written only where the sum differs.
        UPDATE sync.purchases p SET units = wrong.quantity
          FROM (SELECT n.purchase_id, summed.quantity
                  FROM (SELECT DISTINCT purchase_id FROM new_items) n
                  CROSS JOIN LATERAL (SELECT units FROM sync.purchases x WHERE x.id = n.purchase_id) stored
                  CROSS JOIN LATERAL (SELECT sum(i.quantity)::int AS quantity FROM sync.purchase_items i
                                       WHERE i.purchase_id = n.purchase_id) summed
                 WHERE stored.units <> summed.quantity) wrong
         WHERE p.id = wrong.purchase_id;
        RETURN NULL;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(ADD_PURCHASE_UNITS);
  }
}
