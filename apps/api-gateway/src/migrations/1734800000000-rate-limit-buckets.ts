import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The token buckets every gateway replica shares (ADR 0012), one row per team. UNLOGGED: no WAL per request;
 * after a crash or a failover the buckets start full again, which only forgives a few requests.
 */
export class RateLimitBuckets1734800000000 implements MigrationInterface {
  name = 'RateLimitBuckets1734800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNLOGGED TABLE gateway.rate_limit_buckets (
      key text PRIMARY KEY,
      tokens double precision NOT NULL,
      updated_at timestamptz NOT NULL,
      allowed boolean NOT NULL
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE gateway.rate_limit_buckets`);
  }
}
