import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The audit log (issue #33): every change a person makes in the dashboard (settings, API keys, partner apps,
 * webhooks, people...), who made it and when, read newest first per team. Never a secret: names and ids only.
 */
export class AuditLog1737600000000 implements MigrationInterface {
  name = 'AuditLog1737600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE dashboard.audit_log (
      id bigserial PRIMARY KEY,
      team_id text NOT NULL,
      at timestamptz NOT NULL DEFAULT now(),
      actor_email text NOT NULL,
      area text NOT NULL,
      action text NOT NULL,
      target text NOT NULL DEFAULT ''
    )`);
    await q.query(`CREATE INDEX audit_log_team_at_idx ON dashboard.audit_log (team_id, at DESC, id DESC)`);
    await q.query(`GRANT USAGE, SELECT ON SEQUENCE dashboard.audit_log_id_seq TO cps_dashboard`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE dashboard.audit_log`);
  }
}
