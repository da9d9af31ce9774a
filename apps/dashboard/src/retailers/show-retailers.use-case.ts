import { Inject, Injectable } from '@nestjs/common';
import { SyncContracts, type LinkVisibility, type TeamRetailer } from '@cps/contracts';
import { retailerImages, retailerLinkUrl } from '@cps/domain';
import { RpcClient } from '@cps/messaging';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';

export interface RetailerCard {
  retailer: TeamRetailer;
  /** The retailer's icon, light and dark. */
  icon: { light: string; dark: string };
  /** The link_url of an enabled retailer. */
  linkUrl: string | null;
  visibility: LinkVisibility;
  audience: { allowed_emails: string[]; allowed_domains: string[] };
}

/** Every retailer of the platform with the team's settings for it (sync-service). */
@Injectable()
export class ShowRetailers {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  async execute(teamId: string): Promise<RetailerCard[]> {
    const { retailers } = await this.rpc.request(SyncContracts.listRetailers, { teamId, include: 'all' });
    const base = this.config.PUBLIC_BASE_URL;
    return retailers.map((retailer) => ({
      retailer,
      icon: retailerImages(base, retailer.retailer_id).icon,
      linkUrl: retailer.enabled && retailer.link_id ? retailerLinkUrl(base, retailer.link_id) : null,
      visibility: retailer.link_visibility ?? 'everyone',
      audience: retailer.link_audience ?? { allowed_emails: [], allowed_domains: [] },
    }));
  }
}
