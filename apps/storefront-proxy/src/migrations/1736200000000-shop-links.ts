import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** When a shop was linked to its team (the dashboard lists a team's shops, by team). */
export class ShopLinks1736200000000 implements MigrationInterface {
  name = 'ShopLinks1736200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE storefront.shops ADD COLUMN linked_at timestamptz`);
    await q.query(`UPDATE storefront.shops SET linked_at = updated_at WHERE team_id IS NOT NULL`);
    await q.query(
      `ALTER TABLE storefront.shops ADD CONSTRAINT shops_linked_when_keyed CHECK ((linked_at IS NULL) = (team_id IS NULL))`,
    );
    await q.query(`CREATE INDEX shops_team_idx ON storefront.shops (team_id) WHERE team_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX storefront.shops_team_idx`);
    await q.query(`ALTER TABLE storefront.shops DROP CONSTRAINT shops_linked_when_keyed, DROP COLUMN linked_at`);
  }
}
