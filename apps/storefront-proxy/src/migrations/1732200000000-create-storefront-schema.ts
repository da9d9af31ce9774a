import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateStorefrontSchema1732200000000 implements MigrationInterface {
  name = 'CreateStorefrontSchema1732200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS storefront`);
    // A Shopify shop that installed the storefront app, and the brand team it belongs to.
    await q.query(`CREATE TABLE storefront.shops (
      shop_domain text PRIMARY KEY,
      team_id text NOT NULL,
      api_key_sealed text,
      installed_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA storefront CASCADE`);
  }
}
