import { Injectable } from '@nestjs/common';
import { StorefrontContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

/** Who sees the storefront block, in words. */
const AUDIENCES: Record<string, string> = {
  everyone: 'everyone',
  signed_in: 'signed-in customers',
  customer_tag: 'customers with a tag',
  email_domain: 'customers of an email domain',
  hidden: 'nobody (hidden)',
};

export interface ShopRow {
  shop: string;
  storefrontUrl: string;
  installedAt: string | null;
  linkedAt: string | null;
  /** Who sees the block, in words. */
  audience: string;
  customerDetails: boolean;
}

/** The shops linked to the team in storefront-proxy (`storefront.list-team-shops.v1`). */
@Injectable()
export class ListTeamShops {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string): Promise<ShopRow[]> {
    const { shops } = await this.rpc.request(StorefrontContracts.listTeamShops, { teamId });
    return shops.map((shop) => ({
      shop: shop.shop,
      storefrontUrl: shop.storefront_url,
      installedAt: shop.installed_at,
      linkedAt: shop.linked_at,
      audience: AUDIENCES[shop.block_audience] ?? shop.block_audience,
      customerDetails: shop.customer_details,
    }));
  }
}
