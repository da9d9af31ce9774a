import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateSandboxSchema1733100000000 implements MigrationInterface {
  name = 'CreateSandboxSchema1733100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS sandbox`);
    // A shopper's account at one retailer. The one-time code is a fixed test code, readable by the admin
    // API on purpose (a real retailer would text a fresh one); NULL means the account has no code step.
    await q.query(`CREATE TABLE sandbox.accounts (
      id text PRIMARY KEY,
      retailer_id text NOT NULL CHECK (retailer_id ~ '^[a-z0-9-]+$'),
      email text NOT NULL CHECK (email = lower(email)),
      password_hash text NOT NULL,
      one_time_code text CHECK (one_time_code ~ '^[0-9]{6}$'),
      last_order_seq bigint NOT NULL DEFAULT 0,
      password_changed_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (retailer_id, email)
    )`);
    // Bearer session tokens, stored as SHA-256 hashes.
    await q.query(`CREATE TABLE sandbox.sessions (
      token_hash text PRIMARY KEY,
      account_id text NOT NULL REFERENCES sandbox.accounts (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_reason text CHECK (revoked_reason IN ('password_changed', 'signed_out'))
    )`);
    await q.query(`CREATE INDEX sessions_account_idx ON sandbox.sessions (account_id)`);
    // A pending one-time-code step of a sign-in; its id is a secret of the signing-in client, stored hashed.
    await q.query(`CREATE TABLE sandbox.one_time_code_challenges (
      id_hash text PRIMARY KEY,
      account_id text NOT NULL REFERENCES sandbox.accounts (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      answered_at timestamptz
    )`);
    // seq numbers an account's orders in the order they appeared (not their date): the list cursor.
    await q.query(`CREATE TABLE sandbox.orders (
      id text PRIMARY KEY,
      account_id text NOT NULL REFERENCES sandbox.accounts (id) ON DELETE CASCADE,
      seq bigint NOT NULL,
      ordered_at timestamptz NOT NULL,
      channel text NOT NULL CHECK (channel IN ('online', 'in_store')),
      store_number text,
      currency char(3) NOT NULL DEFAULT 'USD',
      subtotal_cents bigint NOT NULL CHECK (subtotal_cents >= 0),
      discounts_cents bigint NOT NULL CHECK (discounts_cents >= 0),
      shipping_cents bigint NOT NULL CHECK (shipping_cents >= 0),
      fees_cents bigint NOT NULL CHECK (fees_cents >= 0),
      tax_cents bigint NOT NULL CHECK (tax_cents >= 0),
      total_cents bigint NOT NULL CHECK (total_cents >= 0),
      created_at timestamptz NOT NULL,
      UNIQUE (account_id, seq)
    )`);
    await q.query(`CREATE TABLE sandbox.order_items (
      order_id text NOT NULL REFERENCES sandbox.orders (id) ON DELETE CASCADE,
      position integer NOT NULL,
      name text NOT NULL,
      brand text,
      upc text CHECK (upc ~ '^[0-9]{12}$'),
      sku text,
      unit_price_cents bigint NOT NULL CHECK (unit_price_cents >= 0),
      quantity integer NOT NULL CHECK (quantity > 0),
      PRIMARY KEY (order_id, position)
    )`);
    // Failures injected on demand, for a whole retailer (account_id NULL) or one account. remaining NULL:
    // until deleted or expired.
    await q.query(`CREATE TABLE sandbox.failure_rules (
      id text PRIMARY KEY,
      retailer_id text NOT NULL,
      account_id text REFERENCES sandbox.accounts (id) ON DELETE CASCADE,
      scope text NOT NULL CHECK (scope IN ('all', 'sign_in', 'orders')),
      kind text NOT NULL CHECK (kind IN ('delay', 'rate_limit', 'server_error')),
      delay_ms integer NOT NULL DEFAULT 0 CHECK (delay_ms BETWEEN 0 AND 120000),
      status integer CHECK (status = 429 OR status BETWEEN 500 AND 599),
      retry_after_seconds integer CHECK (retry_after_seconds >= 0),
      remaining integer CHECK (remaining >= 0),
      expires_at timestamptz,
      created_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX failure_rules_retailer_idx ON sandbox.failure_rules (retailer_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA sandbox CASCADE`);
  }
}
