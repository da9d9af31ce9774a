import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Dashboard sessions: the cookie holds a random secret, this table only its SHA-256 (a leaked table signs no one
 * in). `team_id` is the team the user works in now (the team switcher); `csrf` is the token every form carries.
 * The role `cps_dashboard` gets rights on this schema only (see the gateway's role migration for the pattern).
 */
export class CreateDashboardSchema1735000000000 implements MigrationInterface {
  name = 'CreateDashboardSchema1735000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS dashboard`);
    await q.query(`CREATE TABLE dashboard.sessions (
      id_hash text PRIMARY KEY,
      user_id text NOT NULL,
      email text NOT NULL,
      team_id text NOT NULL,
      csrf text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX sessions_expires_idx ON dashboard.sessions (expires_at)`);
    await q.query(`DO $$
      BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'cps_dashboard') THEN
          CREATE ROLE cps_dashboard LOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL;
      END $$`);
    await q.query(`REVOKE ALL ON SCHEMA dashboard FROM PUBLIC`);
    await q.query(`GRANT USAGE, CREATE ON SCHEMA dashboard TO cps_dashboard`);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA dashboard TO cps_dashboard`);
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA dashboard GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO cps_dashboard`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA dashboard REVOKE ALL ON TABLES FROM cps_dashboard`);
    await q.query(`DROP SCHEMA dashboard CASCADE`);
  }
}
