import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isOneOf, type StorefrontContracts } from '@cps/contracts';
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

export type LinkedShop = StorefrontContracts.TeamShop;

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
          installed_at, updated_at, linked_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $8)
       ON CONFLICT (shop_domain) DO UPDATE SET
         linked_at = CASE WHEN storefront.shops.team_id IS DISTINCT FROM EXCLUDED.team_id
                          THEN EXCLUDED.linked_at ELSE storefront.shops.linked_at END,
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

  /** False when the shop is unknown, or (with `teamId`) not linked to that team. */
  async removeApiKey(domain: string, now: Date, teamId?: string): Promise<boolean> {
    const [, count] = (await this.db.query(
      `UPDATE storefront.shops SET api_key_sealed = NULL, team_id = NULL, linked_at = NULL, updated_at = $2
        WHERE shop_domain = $1 AND ($3::text IS NULL OR team_id = $3)`,
      [domain, now, teamId ?? null],
    )) as [unknown, number];
    return count > 0;
  }

  /** The shops linked to a team, by domain (no secrets). */
  async listLinked(teamId: string): Promise<LinkedShop[]> {
    const rows = (await this.db.query(
      `SELECT shop_domain, storefront_url, installed_at, linked_at, block_audience, admin_token_sealed IS NOT NULL AS customer_details
         FROM storefront.shops WHERE team_id = $1 ORDER BY shop_domain`,
      [teamId],
    )) as Array<{
      shop_domain: string;
      storefront_url: string;
      installed_at: Date;
      linked_at: Date;
      block_audience: string;
      customer_details: boolean;
    }>;
    return rows.map((row) => ({
      shop: row.shop_domain,
      storefront_url: row.storefront_url,
      installed_at: row.installed_at.toISOString(),
      linked_at: row.linked_at.toISOString(),
      block_audience: row.block_audience,
      customer_details: row.customer_details,
    }));
  }

  async saveSettings(domain: string, settings: ShopSettings, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE storefront.shops SET
         linked_at = CASE WHEN $3::text IS NOT NULL AND team_id IS DISTINCT FROM $3 THEN $8 ELSE linked_at END,
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
