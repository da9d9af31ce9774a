import { type LinkVisibility } from './retailer-enablement.js';

/** A team's link settings for one enabled retailer. */
export interface RetailerLinkSettings {
  linkVisibility: LinkVisibility;
  /** Lower-cased, as stored by planRetailerUpdate. */
  allowedEmails: readonly string[];
  allowedDomains: readonly string[];
}

/**
 * Whether the retailer-selection page of the link flow lists the retailer for this shopper: `everyone`
 * always, `hidden` never, `restricted` only when the shopper's email (known from the link token) or its
 * domain is in the audience. Domains match exactly: `example.com` does not admit `mail.example.com`.
 * A retailer's own `link_url` skips the selection page, so it works whatever this says.
 */
export function isListedForShopper(settings: RetailerLinkSettings, shopperEmail: string | null): boolean {
  switch (settings.linkVisibility) {
    case 'everyone':
      return true;
    case 'hidden':
      return false;
    case 'restricted': {
      const email = shopperEmail?.trim().toLowerCase() ?? '';
      const at = email.lastIndexOf('@');
      if (at <= 0 || at === email.length - 1) return false;
      return settings.allowedEmails.includes(email) || settings.allowedDomains.includes(email.slice(at + 1));
    }
  }
}
