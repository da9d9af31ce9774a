import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The role api-gateway connects as at run time: rights on the `gateway` schema only, so a bug or a leaked
 * password cannot reach another service's tables. The role is created here when missing (the migrating user
 * needs CREATEROLE for that; in production the operator creates it with its password first, see
 * docs/operations.md); the grants also cover tables that later migrations of this schema create.
 */
export class CreateGatewayRole1734000000000 implements MigrationInterface {
  name = 'CreateGatewayRole1734000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DO $$
      BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'cps_gateway') THEN
          CREATE ROLE cps_gateway LOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL; -- created at the same moment by a migration of another database on this server
      END $$`);
    await q.query(`REVOKE ALL ON SCHEMA gateway FROM PUBLIC`);
    await q.query(`GRANT USAGE, CREATE ON SCHEMA gateway TO cps_gateway`);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA gateway TO cps_gateway`);
    await q.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA gateway TO cps_gateway`);
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA gateway GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO cps_gateway`,
    );
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA gateway GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO cps_gateway`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The role itself stays: it is shared by every database on the server and may own sessions.
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA gateway REVOKE ALL ON SEQUENCES FROM cps_gateway`);
    await q.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA gateway REVOKE ALL ON TABLES FROM cps_gateway`);
    await q.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA gateway FROM cps_gateway`);
    await q.query(`REVOKE ALL ON ALL TABLES IN SCHEMA gateway FROM cps_gateway`);
    await q.query(`REVOKE ALL ON SCHEMA gateway FROM cps_gateway`);
  }
}
