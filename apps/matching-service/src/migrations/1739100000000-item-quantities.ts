import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createIndexConcurrently } from '@cps/persistence';

/**
 * The dashboard overview's top products (`matching.team-top-products.v1`): item matches keep the item's quantity and
 * unit price and whether its purchase is simulated, and are read by team, mode and purchase date. Rows matched
 * before this stay null there and are not counted. Outside a transaction: nullable columns without a default (no
 * rewrite) and an index built concurrently, so matching goes on during a rollout (docs/operations.md).
 */
export class ItemQuantities1739100000000 implements MigrationInterface {
  name = 'ItemQuantities1739100000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE matching.item_matches
      ADD COLUMN IF NOT EXISTS quantity integer CHECK (quantity > 0),
      ADD COLUMN IF NOT EXISTS price numeric(12, 2),
      ADD COLUMN IF NOT EXISTS is_simulated boolean`);
    await createIndexConcurrently(
      q,
      'matching.item_matches_team_mode_date_idx',
      `matching.item_matches (team_id, is_simulated, purchase_date) INCLUDE (product_id, quantity, price)
        WHERE product_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS matching.item_matches_team_mode_date_idx`);
    await q.query(
      `ALTER TABLE matching.item_matches DROP COLUMN quantity, DROP COLUMN price, DROP COLUMN is_simulated`,
    );
  }
}
