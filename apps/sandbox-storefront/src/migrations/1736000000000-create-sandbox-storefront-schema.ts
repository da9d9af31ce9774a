import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The sandbox storefront's customers (numeric ids, as the storefront platform's) and their storefront sessions,
 * and the role it connects as at run time: rights on this schema only (see 1734000000000-create-sandbox-role in
 * sandbox-retailer for why the role is created here).
 */
export class CreateSandboxStorefrontSchema1736000000000 implements MigrationInterface {
  name = 'CreateSandboxStorefrontSchema1736000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS sandbox_storefront`);
    await q.query(`CREATE TABLE sandbox_storefront.customers (
      id bigint GENERATED ALWAYS AS IDENTITY (START WITH 1001) PRIMARY KEY,
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      password_hash text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      tags text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    // Session cookies, stored as SHA-256 hashes.
    await q.query(`CREATE TABLE sandbox_storefront.sessions (
      token_hash text PRIMARY KEY,
      customer_id bigint NOT NULL REFERENCES sandbox_storefront.customers (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    )`);
    await q.query(`DO $$
      BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'cps_sandbox_storefront') THEN
          CREATE ROLE cps_sandbox_storefront LOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL; -- created at the same moment by a migration of another database on this server
      END $$`);
    await q.query(`REVOKE ALL ON SCHEMA sandbox_storefront FROM PUBLIC`);
    await q.query(`GRANT USAGE, CREATE ON SCHEMA sandbox_storefront TO cps_sandbox_storefront`);
    await q.query(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA sandbox_storefront TO cps_sandbox_storefront`,
    );
    await q.query(
      `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA sandbox_storefront TO cps_sandbox_storefront`,
    );
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA sandbox_storefront GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO cps_sandbox_storefront`,
    );
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA sandbox_storefront GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO cps_sandbox_storefront`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // The role stays: it is shared by every database on the server.
    await q.query(`DROP SCHEMA sandbox_storefront CASCADE`);
  }
}
