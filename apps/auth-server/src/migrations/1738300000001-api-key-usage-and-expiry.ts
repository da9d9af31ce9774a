import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * API keys as operators expect (issue #33): when a key was last used (to the minute), and an optional expiry, which
 * also ends a rolled key's overlap.
 */
export class ApiKeyUsageAndExpiry1738300000001 implements MigrationInterface {
  name = 'ApiKeyUsageAndExpiry1738300000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.api_keys ADD COLUMN last_used_at timestamptz, ADD COLUMN expires_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.api_keys DROP COLUMN last_used_at, DROP COLUMN expires_at`);
  }
}
