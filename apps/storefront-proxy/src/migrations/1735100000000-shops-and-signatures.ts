import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What a connected shop needs: its app-proxy secret and Admin API token (sealed), the storefront and Admin API
 * addresses, the merchant's block visibility rule and default connection tags; and the signatures already
 * used, so a proxied request is served once.
 */
export class ShopsAndSignatures1735100000000 implements MigrationInterface {
  name = 'ShopsAndSignatures1735100000000';

  async up(q: QueryRunner): Promise<void> {
    // The skeleton never stored a shop (the new NOT NULL columns need no default); a shop now exists before,
    // and after, it has an API key.
    await q.query(`ALTER TABLE storefront.shops ALTER COLUMN team_id DROP NOT NULL`);
    await q.query(`ALTER TABLE storefront.shops
      ADD COLUMN proxy_secret_sealed text NOT NULL,
      ADD COLUMN storefront_url text NOT NULL,
      ADD COLUMN admin_api_url text NOT NULL,
      ADD COLUMN admin_token_sealed text,
      ADD COLUMN block_audience text NOT NULL DEFAULT 'everyone'
        CHECK (block_audience IN ('everyone', 'signed_in', 'customer_tag', 'email_domain', 'hidden')),
      ADD COLUMN audience_tags text[] NOT NULL DEFAULT '{}',
      ADD COLUMN audience_domains text[] NOT NULL DEFAULT '{}',
      ADD COLUMN default_tags jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ADD CONSTRAINT shops_key_has_team CHECK ((api_key_sealed IS NULL) = (team_id IS NULL))`);
    await q.query(`CREATE TABLE storefront.used_signatures (
      digest text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX used_signatures_expires_at ON storefront.used_signatures (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE storefront.used_signatures`);
    await q.query(`ALTER TABLE storefront.shops
      DROP CONSTRAINT shops_key_has_team,
      DROP COLUMN proxy_secret_sealed, DROP COLUMN storefront_url, DROP COLUMN admin_api_url,
      DROP COLUMN admin_token_sealed, DROP COLUMN block_audience, DROP COLUMN audience_tags,
      DROP COLUMN audience_domains, DROP COLUMN default_tags, DROP COLUMN updated_at`);
    await q.query(`DELETE FROM storefront.shops WHERE team_id IS NULL`);
    await q.query(`ALTER TABLE storefront.shops ALTER COLUMN team_id SET NOT NULL`);
  }
}
