import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Failed sign-ins per subject (`account:<email>`, `address:<ip>`), shared by every auth-server replica, and the
 * team audit trail the lockouts are recorded in (sign-in-throttle.ts of @cps/domain decides the locks).
 */
export class SignInThrottle1738200000000 implements MigrationInterface {
  name = 'SignInThrottle1738200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE auth.sign_in_failures (
      subject text PRIMARY KEY,
      failures integer NOT NULL,
      last_failure_at timestamptz NOT NULL,
      locked_until timestamptz
    )`);
    await q.query(`CREATE TABLE auth.team_audit (
      id bigserial PRIMARY KEY,
      team_id text NOT NULL REFERENCES auth.teams (id) ON DELETE CASCADE,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      actor text NOT NULL,
      action text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}'
    )`);
    await q.query('CREATE INDEX team_audit_team_idx ON auth.team_audit (team_id, occurred_at DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE auth.team_audit');
    await q.query('DROP TABLE auth.sign_in_failures');
  }
}
