import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The dashboard overview's top products (`matching.team-top-products.v1`): item matches keep the item's quantity and
 * unit price and whether its purchase is simulated, and are read by team, mode and purchase date. Rows matched
 * before this stay null there and are not counted.
 */
export class ItemQuantities1739100000000 implements MigrationInterface {
  name = 'ItemQuantities1739100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE matching.item_matches
      ADD COLUMN quantity integer CHECK (quantity > 0),
      ADD COLUMN price numeric(12, 2),
      ADD COLUMN is_simulated boolean`);
    await q.query(
      `CREATE INDEX item_matches_team_mode_date_idx ON matching.item_matches (team_id, is_simulated, purchase_date)
        INCLUDE (product_id, quantity, price) WHERE product_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX matching.item_matches_team_mode_date_idx`);
    await q.query(
      `ALTER TABLE matching.item_matches DROP COLUMN quantity, DROP COLUMN price, DROP COLUMN is_simulated`,
    );
  }
}
