import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isOneOf } from '@cps/contracts';
import { BLOCK_AUDIENCES, type BlockVisibilityRule } from '@cps/domain';
import { DataSource } from 'typeorm';
import { type Shop } from './shop.js';

interface ShopRow {
  shop_domain: string;
  team_id: string | null;
  api_key_sealed: string | null;
  proxy_secret_sealed: string;
  storefront_url: string;
  admin_api_url: string;
  admin_token_sealed: string | null;
  block_audience: string;
  audience_tags: string[];
  audience_domains: string[];
  default_tags: Record<string, string>;
}

const toShop = (row: ShopRow): Shop => ({
  domain: row.shop_domain,
  teamId: row.team_id,
  apiKeySealed: row.api_key_sealed,
  proxySecretSealed: row.proxy_secret_sealed,
  storefrontUrl: row.storefront_url,
  adminApiUrl: row.admin_api_url,
  adminTokenSealed: row.admin_token_sealed,
  visibility: {
    audience: isOneOf(BLOCK_AUDIENCES, row.block_audience) ? row.block_audience : 'hidden',
    customerTags: row.audience_tags,
    emailDomains: row.audience_domains,
  },
  defaultTags: row.default_tags,
});

export interface ShopConnection {
  domain: string;
  teamId: string;
  apiKeySealed: string;
  proxySecretSealed: string;
  storefrontUrl: string;
  adminApiUrl: string;
  adminTokenSealed: string | null;
}

export interface ShopSettings {
  /** A replaced API key and its team; absent: the stored key stays. */
  apiKey?: { sealed: string; teamId: string };
  visibility: BlockVisibilityRule;
  defaultTags: Record<string, string>;
}

@Injectable()
export class ShopRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(domain: string): Promise<Shop | null> {
    const rows = (await this.db.query(`SELECT * FROM storefront.shops WHERE shop_domain = $1`, [domain])) as ShopRow[];
    return rows[0] ? toShop(rows[0]) : null;
  }

  /** Creates the shop or replaces its secret, key and addresses; its rules and default tags stay. */
  async connect(shop: ShopConnection, now: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO storefront.shops
         (shop_domain, team_id, api_key_sealed, proxy_secret_sealed, storefront_url, admin_api_url, admin_token_sealed,
          installed_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (shop_domain) DO UPDATE SET
         team_id = EXCLUDED.team_id, api_key_sealed = EXCLUDED.api_key_sealed,
         proxy_secret_sealed = EXCLUDED.proxy_secret_sealed, storefront_url = EXCLUDED.storefront_url,
         admin_api_url = EXCLUDED.admin_api_url, admin_token_sealed = EXCLUDED.admin_token_sealed,
         updated_at = EXCLUDED.updated_at`,
      [
        shop.domain,
        shop.teamId,
        shop.apiKeySealed,
        shop.proxySecretSealed,
        shop.storefrontUrl,
        shop.adminApiUrl,
        shop.adminTokenSealed,
        now,
      ],
    );
  }

  /** False when the shop is unknown. */
  async removeApiKey(domain: string, now: Date): Promise<boolean> {
    const [, count] = (await this.db.query(
      `UPDATE storefront.shops SET api_key_sealed = NULL, team_id = NULL, updated_at = $2 WHERE shop_domain = $1`,
      [domain, now],
    )) as [unknown, number];
    return count > 0;
  }

  async saveSettings(domain: string, settings: ShopSettings, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE storefront.shops SET
         api_key_sealed = COALESCE($2, api_key_sealed), team_id = COALESCE($3, team_id),
         block_audience = $4, audience_tags = $5, audience_domains = $6, default_tags = $7, updated_at = $8
       WHERE shop_domain = $1`,
      [
        domain,
        settings.apiKey?.sealed ?? null,
        settings.apiKey?.teamId ?? null,
        settings.visibility.audience,
        settings.visibility.customerTags,
        settings.visibility.emailDomains,
        JSON.stringify(settings.defaultTags),
        now,
      ],
    );
  }
}
