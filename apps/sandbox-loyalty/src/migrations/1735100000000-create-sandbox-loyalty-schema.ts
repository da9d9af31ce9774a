import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What the sandbox loyalty/marketing platform received: one row per call it applied, keyed by the caller's
 * idempotency key (points: `Idempotency-Key`, events: `unique_id`, webhooks: `webhook-id`), with how many times
 * that key arrived. The role `cps_sandbox_loyalty` may use this schema only (as every service's role).
 */
export class CreateSandboxLoyaltySchema1735100000000 implements MigrationInterface {
  name = 'CreateSandboxLoyaltySchema1735100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS sandbox_loyalty`);
    await q.query(`CREATE TABLE sandbox_loyalty.calls (
      id bigserial PRIMARY KEY,
      api text NOT NULL CHECK (api IN ('points_api', 'track_event', 'webhook')),
      idempotency_key text NOT NULL,
      customer text,
      points integer,
      event_name text,
      body jsonb NOT NULL,
      deliveries integer NOT NULL DEFAULT 1,
      first_received_at timestamptz NOT NULL DEFAULT now(),
      last_received_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (api, idempotency_key)
    )`);
    await q.query(`DO $$
      BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'cps_sandbox_loyalty') THEN
          CREATE ROLE cps_sandbox_loyalty LOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL; -- created at the same moment by a migration of another database on this server
      END $$`);
    await q.query(`REVOKE ALL ON SCHEMA sandbox_loyalty FROM PUBLIC`);
    await q.query(`GRANT USAGE, CREATE ON SCHEMA sandbox_loyalty TO cps_sandbox_loyalty`);
    await q.query(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA sandbox_loyalty TO cps_sandbox_loyalty`,
    );
    await q.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA sandbox_loyalty TO cps_sandbox_loyalty`);
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA sandbox_loyalty GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO cps_sandbox_loyalty`,
    );
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA sandbox_loyalty GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO cps_sandbox_loyalty`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA sandbox_loyalty CASCADE`);
  }
}
