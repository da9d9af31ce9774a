import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The role mcp-server connects as at run time: rights on the `mcp` schema only, so a bug or a leaked
 * password cannot reach another service's tables. The role is created here when missing (the migrating user
 * needs CREATEROLE for that; in production the operator creates it with its password first, see
 * docs/operations.md); the grants also cover tables that later migrations of this schema create.
 */
export class CreateMcpRole1734000000000 implements MigrationInterface {
  name = 'CreateMcpRole1734000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DO $$
      BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'cps_mcp') THEN
          CREATE ROLE cps_mcp LOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL; -- created at the same moment by a migration of another database on this server
      END $$`);
    await q.query(`REVOKE ALL ON SCHEMA mcp FROM PUBLIC`);
    await q.query(`GRANT USAGE, CREATE ON SCHEMA mcp TO cps_mcp`);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA mcp TO cps_mcp`);
    await q.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA mcp TO cps_mcp`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA mcp GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO cps_mcp`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA mcp GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO cps_mcp`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The role itself stays: it is shared by every database on the server and may own sessions.
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA mcp REVOKE ALL ON SEQUENCES FROM cps_mcp`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA mcp REVOKE ALL ON TABLES FROM cps_mcp`);
    await q.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA mcp FROM cps_mcp`);
    await q.query(`REVOKE ALL ON ALL TABLES IN SCHEMA mcp FROM cps_mcp`);
    await q.query(`REVOKE ALL ON SCHEMA mcp FROM cps_mcp`);
  }
}
