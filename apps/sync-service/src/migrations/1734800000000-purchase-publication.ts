import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Each purchase names the `sync.purchase.collected.v1` event recorded with it (`collected_event_id`), or is
 * `quiet` (simulated history, never announced), so the reconciliation job can find purchases stored without
 * their event. Purchases stored before this migration are marked `legacy:` (their events went out, or did
 * not, before anything recorded it); they are never published again.
 */
export class PurchasePublication1734800000000 implements MigrationInterface {
  name = 'PurchasePublication1734800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE sync.purchases ADD COLUMN collected_event_id text, ADD COLUMN quiet boolean NOT NULL DEFAULT false`,
    );
    await q.query(`UPDATE sync.purchases SET collected_event_id = 'legacy:' || id`);
    await q.query(
      `CREATE INDEX purchases_unrecorded_idx ON sync.purchases (created_at) WHERE collected_event_id IS NULL AND NOT quiet`,
    );
    await q.query(`CREATE INDEX purchases_created_idx ON sync.purchases (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sync.purchases_created_idx`);
    await q.query(`DROP INDEX sync.purchases_unrecorded_idx`);
    await q.query(`ALTER TABLE sync.purchases DROP COLUMN collected_event_id, DROP COLUMN quiet`);
  }
}
