export type ImageTheme = 'light' | 'dark';
export type ImageKind = 'logo' | 'icon';

/** A retailer's `images` (seed): `logo` and `icon`, each for a light and a dark background. */
export interface RetailerImages {
  logo: Record<ImageTheme, string>;
  icon: Record<ImageTheme, string>;
}

/** Where the gateway serves a retailer's image (`{base_url}/assets/retailers/...`). */
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

/** A retailer's `link_url` (INTERFACE-DECISIONS: `{base_url}/link/{linkId}`). */
export function retailerLinkUrl(baseUrl: string, linkId: string): string {
  return `${baseUrl}/link/${encodeURIComponent(linkId)}`;
}
