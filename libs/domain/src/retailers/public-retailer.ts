import { retailerImages, retailerLinkUrl, type RetailerImages } from './retailer-urls.js';

/** A retailer as sync-service knows it for one team (the `TeamRetailer` contract, structurally). */
export interface TeamRetailerRow {
  retailer_id: string;
  name: string;
  status: 'active' | 'limited' | 'inactive';
  enabled: boolean;
  link_id: string | null;
  link_visibility: 'everyone' | 'restricted' | 'hidden' | null;
  link_audience: { allowed_emails: string[]; allowed_domains: string[] } | null;
}

/** A Retailer row as the REST API (and the MCP `get_retailers` tool) shows it (seed: "Retailer (one annotated row)"). */
export interface PublicRetailer {
  retailer_id: string;
  name: string;
  images: RetailerImages;
  status: TeamRetailerRow['status'];
  enabled: boolean;
  link_url: string | null;
  link_visibility?: NonNullable<TeamRetailerRow['link_visibility']>;
  link_audience?: NonNullable<TeamRetailerRow['link_audience']>;
}

/**
 * sync-service's view of a retailer for one team -> the public row: absolute image URLs, `link_url` from
 * the link id, and the link settings only when the retailer is enabled (absent, not null, otherwise).
 */
export function toPublicRetailer(row: TeamRetailerRow, baseUrl: string): PublicRetailer {
  const enabled = row.enabled;
  const publicRow: PublicRetailer = {
    retailer_id: row.retailer_id,
    name: row.name,
    images: retailerImages(baseUrl, row.retailer_id),
    status: row.status,
    enabled,
    link_url: enabled && row.link_id ? retailerLinkUrl(baseUrl, row.link_id) : null,
  };
  if (enabled) {
    publicRow.link_visibility = row.link_visibility ?? 'everyone';
    publicRow.link_audience = row.link_audience ?? { allowed_emails: [], allowed_domains: [] };
  }
  return publicRow;
}
