import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { outboxTableSql } from '@cps/messaging';

/** Platform retailers at launch; brand colours feed the generated logo and icon images. */
const RETAILERS: Array<[id: string, name: string, status: 'active' | 'limited' | 'inactive', brandColor: string]> = [
  ['amazon', 'Amazon', 'active', '#ff9900'],
  ['bestbuy', 'Best Buy', 'inactive', '#0046be'],
  ['costco', 'Costco', 'active', '#005daa'],
  ['cvs', 'CVS Pharmacy', 'active', '#cc0000'],
  ['homedepot', 'The Home Depot', 'active', '#f96302'],
  ['instacart', 'Instacart', 'active', '#43b02a'],
  ['kroger', 'Kroger', 'active', '#134b97'],
  ['target', 'Target', 'active', '#cc0000'],
  ['walgreens', 'Walgreens', 'limited', '#e31837'],
  ['walmart', 'Walmart', 'active', '#0071ce'],
];

export class CreateSyncSchema1732300000000 implements MigrationInterface {
  name = 'CreateSyncSchema1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS sync`);
    await q.query(`CREATE TABLE sync.retailers (
      id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]+$'),
      name text NOT NULL,
      status text NOT NULL CHECK (status IN ('active', 'limited', 'inactive')),
      brand_color text NOT NULL CHECK (brand_color ~ '^#[0-9a-f]{6}$')
    )`);
    for (const [id, name, status, brandColor] of RETAILERS) {
      await q.query(`INSERT INTO sync.retailers (id, name, status, brand_color) VALUES ($1, $2, $3, $4)`, [
        id,
        name,
        status,
        brandColor,
      ]);
    }
    // A row exists exactly while the retailer is enabled for the team; disabling deletes it.
    await q.query(`CREATE TABLE sync.team_retailers (
      team_id text NOT NULL,
      retailer_id text NOT NULL REFERENCES sync.retailers (id),
      link_id text NOT NULL UNIQUE CHECK (link_id ~ '^[0-9A-Za-z]{10}$'),
      link_visibility text NOT NULL CHECK (link_visibility IN ('everyone', 'restricted', 'hidden')),
      allowed_emails text[] NOT NULL DEFAULT '{}',
      allowed_domains text[] NOT NULL DEFAULT '{}',
      enabled_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, retailer_id)
    )`);
    await q.query(`CREATE TABLE sync.connections (
      id text PRIMARY KEY,
      team_id text NOT NULL,
      customer_id text NOT NULL,
      retailer_id text NOT NULL REFERENCES sync.retailers (id),
      status text NOT NULL
        CHECK (status IN ('initialized', 'active', 'unauthenticated', 'disconnected', 'revoked')),
      email text,
      mobile text,
      tags jsonb NOT NULL DEFAULT '{}',
      is_simulated boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX connections_team_idx ON sync.connections (team_id)`);
    await q.query(`CREATE TABLE sync.connection_activity (
      id bigserial PRIMARY KEY,
      team_id text NOT NULL,
      connection_id text NOT NULL REFERENCES sync.connections (id) ON DELETE CASCADE,
      occurred_at timestamptz NOT NULL,
      event_source text NOT NULL CHECK (event_source IN ('API', 'Dashboard', 'Retailer', 'System', 'Consumer')),
      event text NOT NULL,
      details text,
      source_id_type text CHECK (source_id_type IN ('dashboard_user', 'client_api_key')),
      source_id_name text,
      connection_before jsonb,
      connection_after jsonb
    )`);
    // Activity is read newest first per connection.
    await q.query(
      `CREATE INDEX connection_activity_connection_idx ON sync.connection_activity (connection_id, occurred_at DESC, id DESC)`,
    );
    await q.query(`CREATE TABLE sync.purchases (
      id text PRIMARY KEY,
      team_id text NOT NULL,
      connection_id text NOT NULL REFERENCES sync.connections (id) ON DELETE CASCADE,
      retailer_id text NOT NULL REFERENCES sync.retailers (id),
      retailer_order_id text,
      date timestamptz NOT NULL,
      purchase_type text NOT NULL CHECK (purchase_type IN ('online', 'in_store')),
      currency char(3) NOT NULL DEFAULT 'USD',
      items_subtotal numeric(12, 2) NOT NULL,
      discounts numeric(12, 2) NOT NULL DEFAULT 0,
      shipping numeric(12, 2) NOT NULL DEFAULT 0,
      fees numeric(12, 2) NOT NULL DEFAULT 0,
      tax numeric(12, 2) NOT NULL DEFAULT 0,
      total numeric(12, 2) NOT NULL,
      is_simulated boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- A retailer order is collected once per connection (NULLs, e.g. simulated purchases, never collide).
      UNIQUE (connection_id, retailer_order_id)
    )`);
    // GET /purchases pages newest first; ties on date are broken by id.
    await q.query(`CREATE INDEX purchases_connection_date_idx ON sync.purchases (connection_id, date DESC, id DESC)`);
    await q.query(`CREATE TABLE sync.purchase_items (
      id text PRIMARY KEY,
      purchase_id text NOT NULL REFERENCES sync.purchases (id) ON DELETE CASCADE,
      position integer NOT NULL,
      name text NOT NULL,
      brand text,
      upc text,
      sku text,
      price numeric(12, 2) NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      UNIQUE (purchase_id, position)
    )`);
    for (const sql of outboxTableSql('sync')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA sync CASCADE`);
  }
}
