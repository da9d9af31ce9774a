import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { inboxTablesSql } from '@cps/messaging';
import { teamRowSecuritySql } from './team-row-security.js';

/**
 * The data-query read model (ADR 0016): a projection of the platform's events laid out for analytics, one row
 * per connection, purchase and item, with the dimensions questions group by stored on the row (retailer on
 * purchases and items, purchase date and type on items) so `ask` needs few joins.
 *
 * Team scoping is enforced by Postgres too: row-level security lets `cps_mcp_query`, the role every `ask`
 * statement runs as (SELECT only, nothing else), see the rows of the team named by the transaction's
 * `mcp.team_id` setting and nothing else. `cps_mcp` (the projection writer) keeps full access.
 */
export class CreateReadModel1735000000000 implements MigrationInterface {
  name = 'CreateReadModel1735000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of inboxTablesSql('mcp')) await q.query(sql);
    await q.query(`ALTER TABLE mcp.query_audit ADD COLUMN client_id text`);
    await q.query(`CREATE INDEX query_audit_client_idx ON mcp.query_audit (team_id, client_id, asked_at DESC)`);

    // The platform's retailer catalog (names for questions like "at Target"); not team data.
    await q.query(`CREATE TABLE mcp.retailers (
      retailer_id text PRIMARY KEY,
      name text NOT NULL
    )`);
    await q.query(`CREATE TABLE mcp.connections (
      team_id text NOT NULL,
      connection_id text PRIMARY KEY,
      customer_id text NOT NULL,
      retailer_id text NOT NULL,
      status text NOT NULL,
      is_simulated boolean NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX connections_team_idx ON mcp.connections (team_id, retailer_id)`);
    await q.query(`CREATE TABLE mcp.purchases (
      team_id text NOT NULL,
      purchase_id text PRIMARY KEY,
      connection_id text NOT NULL,
      retailer_id text NOT NULL,
      purchased_at timestamptz NOT NULL,
      purchase_type text NOT NULL,
      currency text NOT NULL,
      items_subtotal numeric(14, 2) NOT NULL,
      discounts numeric(14, 2) NOT NULL,
      shipping numeric(14, 2) NOT NULL,
      fees numeric(14, 2) NOT NULL,
      tax numeric(14, 2) NOT NULL,
      total numeric(14, 2) NOT NULL,
      item_count integer NOT NULL,
      is_simulated boolean NOT NULL
    )`);
    await q.query(`CREATE INDEX purchases_team_date_idx ON mcp.purchases (team_id, purchased_at)`);
    await q.query(`CREATE INDEX purchases_team_retailer_idx ON mcp.purchases (team_id, retailer_id, purchased_at)`);
    await q.query(`CREATE TABLE mcp.items (
      team_id text NOT NULL,
      purchase_id text NOT NULL,
      item_id text NOT NULL,
      retailer_id text NOT NULL,
      purchased_at timestamptz NOT NULL,
      purchase_type text NOT NULL,
      name text NOT NULL,
      brand text,
      upc text,
      sku text,
      price numeric(14, 2) NOT NULL,
      quantity integer NOT NULL,
      amount numeric(14, 2) GENERATED ALWAYS AS (price * quantity) STORED,
      product_id text,
      product_name text,
      product_brand text,
      is_simulated boolean NOT NULL,
      PRIMARY KEY (purchase_id, item_id)
    )`);
    await q.query(`CREATE INDEX items_team_date_idx ON mcp.items (team_id, purchased_at)`);
    await q.query(`CREATE INDEX items_team_product_idx ON mcp.items (team_id, product_id)`);

    await q.query(`DO $$
      BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'cps_mcp_query') THEN
          CREATE ROLE cps_mcp_query NOLOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL; -- created at the same moment by a migration of another database on this server
      END $$`);
    // Under CloudNativePG both roles are managed (cps_mcp in cps_mcp_query, k8s/overlays/*/postgres.yaml) and the
    // migrating owner has neither CREATEROLE nor ADMIN on cps_mcp_query: grant only a membership that is missing.
    await q.query(`DO $$
      BEGIN
        IF NOT pg_has_role('cps_mcp', 'cps_mcp_query', 'MEMBER') THEN
          GRANT cps_mcp_query TO cps_mcp;
        END IF;
      END $$`);
    await q.query(`GRANT USAGE ON SCHEMA mcp TO cps_mcp_query`);
    for (const table of ['retailers', 'connections', 'purchases', 'items']) {
      await q.query(`GRANT SELECT ON mcp.${table} TO cps_mcp_query`);
    }
    for (const table of ['connections', 'purchases', 'items']) {
      for (const sql of teamRowSecuritySql(table)) await q.query(sql);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['items', 'purchases', 'connections', 'retailers', 'inbox', 'dead_letters']) {
      await q.query(`DROP TABLE mcp.${table}`);
    }
    await q.query(`DROP INDEX mcp.query_audit_client_idx`);
    await q.query(`ALTER TABLE mcp.query_audit DROP COLUMN client_id`);
    await q.query(`REVOKE ALL ON SCHEMA mcp FROM cps_mcp_query`);
  }
}
