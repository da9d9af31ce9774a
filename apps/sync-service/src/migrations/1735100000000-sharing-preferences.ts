import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Sharing preferences per connection: the history window the shopper granted in the link flow's consent
 * step (whole days before the first link; existing connections keep the former constant, 365). A link session
 * records the shopper's answer until the link completes (null: not answered yet).
 */
export class SharingPreferences1735100000000 implements MigrationInterface {
  name = 'SharingPreferences1735100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sync.connections
      ADD COLUMN history_window_days integer NOT NULL DEFAULT 365 CHECK (history_window_days BETWEEN 0 AND 3650)`);
    await q.query(`ALTER TABLE sync.link_sessions
      ADD COLUMN sharing_window_days integer CHECK (sharing_window_days BETWEEN 0 AND 3650)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sync.link_sessions DROP COLUMN sharing_window_days`);
    await q.query(`ALTER TABLE sync.connections DROP COLUMN history_window_days`);
  }
}
