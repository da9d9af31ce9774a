import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The role sandbox-retailer connects as at run time: rights on the `sandbox` schema only, so a bug or a leaked
 * password cannot reach another service's tables. The role is created here when missing (the migrating user
 * needs CREATEROLE for that; in production the operator creates it with its password first, see
 * docs/operations.md); the grants also cover tables that later migrations of this schema create.
 */
export class CreateSandboxRole1734000000000 implements MigrationInterface {
  name = 'CreateSandboxRole1734000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DO $$
      BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'cps_sandbox') THEN
          CREATE ROLE cps_sandbox LOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL; -- created at the same moment by a migration of another database on this server
      END $$`);
    await q.query(`REVOKE ALL ON SCHEMA sandbox FROM PUBLIC`);
    await q.query(`GRANT USAGE, CREATE ON SCHEMA sandbox TO cps_sandbox`);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA sandbox TO cps_sandbox`);
    await q.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA sandbox TO cps_sandbox`);
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA sandbox GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO cps_sandbox`,
    );
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA sandbox GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO cps_sandbox`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The role itself stays: it is shared by every database on the server and may own sessions.
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA sandbox REVOKE ALL ON SEQUENCES FROM cps_sandbox`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA sandbox REVOKE ALL ON TABLES FROM cps_sandbox`);
    await q.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA sandbox FROM cps_sandbox`);
    await q.query(`REVOKE ALL ON ALL TABLES IN SCHEMA sandbox FROM cps_sandbox`);
    await q.query(`REVOKE ALL ON SCHEMA sandbox FROM cps_sandbox`);
  }
}
