import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The role auth-server connects as at run time: rights on the `auth` schema only, so a bug or a leaked
 * password cannot reach another service's tables. The role is created here when missing (the migrating user
 * needs CREATEROLE for that; in production the operator creates it with its password first, see
 * docs/operations.md); the grants also cover tables that later migrations of this schema create.
 */
export class CreateAuthRole1734000000000 implements MigrationInterface {
  name = 'CreateAuthRole1734000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DO $$
      BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'cps_auth') THEN
          CREATE ROLE cps_auth LOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL; -- created at the same moment by a migration of another database on this server
      END $$`);
    await q.query(`REVOKE ALL ON SCHEMA auth FROM PUBLIC`);
    await q.query(`GRANT USAGE, CREATE ON SCHEMA auth TO cps_auth`);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA auth TO cps_auth`);
    await q.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA auth TO cps_auth`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA auth GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO cps_auth`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA auth GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO cps_auth`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The role itself stays: it is shared by every database on the server and may own sessions.
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA auth REVOKE ALL ON SEQUENCES FROM cps_auth`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA auth REVOKE ALL ON TABLES FROM cps_auth`);
    await q.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA auth FROM cps_auth`);
    await q.query(`REVOKE ALL ON ALL TABLES IN SCHEMA auth FROM cps_auth`);
    await q.query(`REVOKE ALL ON SCHEMA auth FROM cps_auth`);
  }
}
