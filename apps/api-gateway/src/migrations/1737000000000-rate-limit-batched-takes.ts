import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A statement may now take several tokens at once for the requests of one team that queued in this replica
 * while the previous statement ran (ADR 0012, "Batched takes"): `granted` says how many it took.
 */
export class RateLimitBatchedTakes1737000000000 implements MigrationInterface {
  name = 'RateLimitBatchedTakes1737000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE gateway.rate_limit_buckets ADD COLUMN granted integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE gateway.rate_limit_buckets DROP COLUMN allowed`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE gateway.rate_limit_buckets ADD COLUMN allowed boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE gateway.rate_limit_buckets DROP COLUMN granted`);
  }
}
