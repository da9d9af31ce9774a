import { isListedForShopper } from '../retailers/link-visibility.js';
import { type LinkVisibility } from '../retailers/retailer-enablement.js';

/** Who the merchant shows the storefront block to. Wire values (settings page, storage): never rename. */
export const BLOCK_AUDIENCES = ['everyone', 'signed_in', 'customer_tag', 'email_domain', 'hidden'] as const;
export type BlockAudience = (typeof BLOCK_AUDIENCES)[number];

/** The merchant's global visibility rule of the block; tags and domains are stored lower-cased. */
export interface BlockVisibilityRule {
  audience: BlockAudience;
  /** `customer_tag`: a customer with any of these tags sees the block. */
  customerTags: readonly string[];
  /** `email_domain`: a customer whose email is at one of these domains sees the block. */
  emailDomains: readonly string[];
}

/** What the storefront platform tells about a signed-in customer (unknown: no email, no tags). */
export interface StorefrontCustomer {
  email: string | null;
  tags: readonly string[];
}

function emailDomain(email: string | null): string | null {
  const value = email?.trim().toLowerCase() ?? '';
  const at = value.lastIndexOf('@');
  return at > 0 && at < value.length - 1 ? value.slice(at + 1) : null;
}

/**
 * Whether the merchant's rule shows the block to this customer (null: a signed-out visitor, who can only be
 * invited to sign in, and only under `everyone`). Tags compare without case or surrounding blanks; domains
 * match exactly (`example.com` does not admit `mail.example.com`), as the link audience does.
 */
export function isBlockVisible(rule: BlockVisibilityRule, customer: StorefrontCustomer | null): boolean {
  switch (rule.audience) {
    case 'everyone':
      return true;
    case 'signed_in':
      return customer !== null;
    case 'hidden':
      return false;
    case 'customer_tag': {
      const tags = new Set(customer?.tags.map((tag) => tag.trim().toLowerCase()) ?? []);
      return rule.customerTags.some((tag) => tags.has(tag));
    }
    case 'email_domain': {
      const domain = emailDomain(customer?.email ?? null);
      return domain !== null && rule.emailDomains.includes(domain);
    }
  }
}

/** A retailer enabled for the team, with its link settings (null visibility: never set, `everyone`). */
export interface RetailerAudience {
  retailer_id: string;
  link_visibility: LinkVisibility | null;
  link_audience: { allowed_emails: readonly string[]; allowed_domains: readonly string[] } | null;
}

/**
 * The retailers this customer must not be offered: `hidden` ones, and `restricted` ones whose audience does
 * not include the customer's email or its domain (the link flow's own selection rule).
 */
export function restrictedRetailerIds(retailers: readonly RetailerAudience[], email: string | null): string[] {
  return retailers
    .filter(
      (retailer) =>
        !isListedForShopper(
          {
            linkVisibility: retailer.link_visibility ?? 'everyone',
            allowedEmails: retailer.link_audience?.allowed_emails ?? [],
            allowedDomains: retailer.link_audience?.allowed_domains ?? [],
          },
          email,
        ),
    )
    .map((retailer) => retailer.retailer_id);
}
