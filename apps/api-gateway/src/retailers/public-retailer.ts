import { type TeamRetailer } from '@cps/contracts';

export type ImageTheme = 'light' | 'dark';
export type ImageKind = 'logo' | 'icon';

export interface RetailerImages {
  logo: Record<ImageTheme, string>;
  icon: Record<ImageTheme, string>;
}

/** A Retailer row as the REST API shows it (seed: "Retailer (one annotated row)"). */
export interface PublicRetailer {
  retailer_id: string;
  name: string;
  images: RetailerImages;
  status: TeamRetailer['status'];
  enabled: boolean;
  link_url: string | null;
  link_visibility?: NonNullable<TeamRetailer['link_visibility']>;
  link_audience?: NonNullable<TeamRetailer['link_audience']>;
}

export function retailerImageUrl(baseUrl: string, retailerId: string, kind: ImageKind, theme: ImageTheme): string {
  return `${baseUrl}/assets/retailers/${encodeURIComponent(retailerId)}/${kind}-${theme}.svg`;
}

export function retailerImages(baseUrl: string, retailerId: string): RetailerImages {
  return {
    logo: {
      light: retailerImageUrl(baseUrl, retailerId, 'logo', 'light'),
      dark: retailerImageUrl(baseUrl, retailerId, 'logo', 'dark'),
    },
    icon: {
      light: retailerImageUrl(baseUrl, retailerId, 'icon', 'light'),
      dark: retailerImageUrl(baseUrl, retailerId, 'icon', 'dark'),
    },
  };
}

/**
 * sync-service's view of a retailer for one team -> the public row: absolute image URLs, `link_url` from
 * the link id, and the link settings only when the retailer is enabled (absent, not null, otherwise).
 */
export function toPublicRetailer(row: TeamRetailer, baseUrl: string): PublicRetailer {
  const enabled = row.enabled;
  const publicRow: PublicRetailer = {
    retailer_id: row.retailer_id,
    name: row.name,
    images: retailerImages(baseUrl, row.retailer_id),
    status: row.status,
    enabled,
    link_url: enabled && row.link_id ? `${baseUrl}/link/${encodeURIComponent(row.link_id)}` : null,
  };
  if (enabled) {
    publicRow.link_visibility = row.link_visibility ?? 'everyone';
    publicRow.link_audience = row.link_audience ?? { allowed_emails: [], allowed_domains: [] };
  }
  return publicRow;
}
