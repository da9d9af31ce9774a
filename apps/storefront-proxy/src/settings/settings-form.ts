import { isOneOf } from '@cps/contracts';
import {
  BLOCK_AUDIENCES,
  checkDomain,
  STOREFRONT_TAG_MAX_LENGTH,
  STOREFRONT_TAG_NAMES,
  type BlockVisibilityRule,
} from '@cps/domain';

export interface SettingsInput {
  /** A new API key; null keeps the stored one. */
  apiKey: string | null;
  visibility: BlockVisibilityRule;
  defaultTags: Record<string, string>;
}

export type SettingsForm = { ok: true; value: SettingsInput } | { ok: false; errors: Record<string, string> };

const MAX_LIST_ITEMS = 50;
const MAX_TAG_LENGTH = 255;

const text = (form: Record<string, unknown>, name: string): string => {
  const value = form[name];
  return typeof value === 'string' ? value.trim() : '';
};

const list = (raw: string) =>
  raw
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

/** The settings form as posted (urlencoded), checked; errors are keyed by field and worded for the merchant. */
export function parseSettingsForm(form: Record<string, unknown>): SettingsForm {
  const errors: Record<string, string> = {};
  const audience = text(form, 'audience');
  if (!isOneOf(BLOCK_AUDIENCES, audience)) errors.audience = 'Choose who sees the block.';
  const customerTags = [...new Set(list(text(form, 'customer_tags')))];
  if (customerTags.length > MAX_LIST_ITEMS || customerTags.some((tag) => tag.length > MAX_TAG_LENGTH)) {
    errors.customer_tags = `At most ${MAX_LIST_ITEMS} tags of up to ${MAX_TAG_LENGTH} characters.`;
  } else if (audience === 'customer_tag' && customerTags.length === 0) {
    errors.customer_tags = 'Name at least one customer tag.';
  }
  const domains: string[] = [];
  for (const raw of list(text(form, 'email_domains'))) {
    const checked = checkDomain(raw);
    if (!checked.ok) errors.email_domains = `"${raw.slice(0, 80)}": ${checked.reason}.`;
    else if (!domains.includes(checked.value)) domains.push(checked.value);
  }
  if (domains.length > MAX_LIST_ITEMS) errors.email_domains = `At most ${MAX_LIST_ITEMS} domains.`;
  else if (audience === 'email_domain' && domains.length === 0 && !errors.email_domains) {
    errors.email_domains = 'Name at least one email domain.';
  }
  const defaultTags: Record<string, string> = {};
  for (const name of STOREFRONT_TAG_NAMES) {
    const value = text(form, name);
    if (value.length > STOREFRONT_TAG_MAX_LENGTH) errors[name] = `At most ${STOREFRONT_TAG_MAX_LENGTH} characters.`;
    else if (value) defaultTags[name] = value;
  }
  const apiKey = text(form, 'api_key');
  if (apiKey.length > 256) errors.api_key = 'This is not an API key.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      apiKey: apiKey || null,
      visibility: { audience: audience as BlockVisibilityRule['audience'], customerTags, emailDomains: domains },
      defaultTags,
    },
  };
}
