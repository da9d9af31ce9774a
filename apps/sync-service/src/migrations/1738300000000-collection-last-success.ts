import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * When a connection's purchases were last collected without an error (issue #33: the dashboard answers "when did we
 * last get their purchases?"); `last_polled_at` is also set by failed polls. Filled from the rows that are healthy now.
 */
export class CollectionLastSuccess1738300000000 implements MigrationInterface {
  name = 'CollectionLastSuccess1738300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sync.collection_states ADD COLUMN last_succeeded_at timestamptz`);
    await q.query(`UPDATE sync.collection_states SET last_succeeded_at = last_polled_at
                    WHERE consecutive_failures = 0 AND last_error IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sync.collection_states DROP COLUMN last_succeeded_at`);
  }
}
