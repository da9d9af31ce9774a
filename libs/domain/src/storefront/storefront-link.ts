import { createHash } from 'node:crypto';
import { checkRedirectUrl, type RedirectUrlCheck } from '../linking/redirect-url.js';

/** The connection tags the storefront surfaces record (seed): all optional, nothing else. */
export const STOREFRONT_TAG_NAMES = ['utm_campaign', 'utm_source', 'utm_medium'] as const;
export type StorefrontTagName = (typeof STOREFRONT_TAG_NAMES)[number];

export const STOREFRONT_TAG_MAX_LENGTH = 256;

/**
 * The tags a storefront request may set: only the three utm names (others are ignored), string values trimmed,
 * a value over 256 characters (or empty) dropped.
 */
export function storefrontTags(input: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  const tags: Record<string, string> = {};
  if (!input) return tags;
  for (const name of STOREFRONT_TAG_NAMES) {
    const value = Object.prototype.hasOwnProperty.call(input, name) ? input[name] : undefined;
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed.length > 0 && trimmed.length <= STOREFRONT_TAG_MAX_LENGTH) tags[name] = trimmed;
  }
  return tags;
}

/** A storefront platform's customer id as it arrives in `logged_in_customer_id` (Shopify's are numbers). */
export const STOREFRONT_CUSTOMER_ID = /^[0-9A-Za-z_-]{1,40}$/;

const MAX_CUSTOMER_ID_LENGTH = 64;

/**
 * The connection `customer_id` of a shop's customer: `<shop>:<customer id>`, the same for every request of that
 * customer in that shop and different in another shop; when that is longer than the 64 characters a
 * customer_id may have, `sf_` and a SHA-256 of it instead (still deterministic).
 */
export function storefrontCustomerId(shopDomain: string, storefrontCustomer: string): string {
  const readable = `${shopDomain}:${storefrontCustomer}`;
  if (readable.length <= MAX_CUSTOMER_ID_LENGTH) return readable;
  return `sf_${createHash('sha256').update(readable).digest('base64url')}`;
}

/**
 * Where a storefront link flow may return the shopper: the shop homepage when none is given, a path of the shop
 * (`/pages/rewards`), or an absolute URL on the shop's own origin. Anything else would make the proxy an open
 * redirect and is refused.
 */
export function checkStorefrontRedirect(raw: string | undefined, storefrontUrl: string): RedirectUrlCheck {
  const home = new URL(storefrontUrl);
  const text = raw?.trim() ?? '';
  if (text.length === 0) return { ok: true, url: home.toString() };
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) {
    return checkRedirectUrl(new URL(text, home).toString());
  }
  const checked = checkRedirectUrl(text);
  if (!checked.ok) return checked;
  if (new URL(checked.url).origin !== home.origin) {
    return { ok: false, reason: 'redirect_url must be a page of the shop' };
  }
  return checked;
}
