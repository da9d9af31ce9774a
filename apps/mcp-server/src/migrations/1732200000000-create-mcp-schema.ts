import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateMcpSchema1732200000000 implements MigrationInterface {
  name = 'CreateMcpSchema1732200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS mcp`);
    // Every question asked through the data-query server, per team (audit and rate limiting).
    await q.query(`CREATE TABLE mcp.query_audit (
      id bigserial PRIMARY KEY,
      team_id text NOT NULL,
      tool text NOT NULL,
      question text,
      result_count integer,
      error text,
      asked_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX query_audit_team_idx ON mcp.query_audit (team_id, asked_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA mcp CASCADE`);
  }
}
