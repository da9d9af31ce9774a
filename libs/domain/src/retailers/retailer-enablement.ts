import { type ValidationIssue } from '../validation-issue.js';
import { checkDomain, checkEmail, type Checked } from './link-audience.js';

/** Platform status of a retailer. Wire values: never rename. */
export type RetailerStatus = 'active' | 'limited' | 'inactive';
export type LinkVisibility = 'everyone' | 'restricted' | 'hidden';

/** A team's configuration of one retailer; its existence is what "enabled" means. */
export interface RetailerConfiguration {
  linkVisibility: LinkVisibility;
  allowedEmails: string[];
  allowedDomains: string[];
}

/** PATCH /retailers/{id}: every field optional; omitted fields unchanged. */
export interface RetailerUpdateRequest {
  enabled?: boolean;
  linkVisibility?: LinkVisibility;
  /** Replaces both stored lists entirely. */
  linkAudience?: { allowedEmails: string[]; allowedDomains: string[] };
}

export type RetailerUpdatePlan =
  /** Nothing to write; answer with the current state. */
  | { kind: 'unchanged' }
  /** Create the configuration (with a fresh link id, which the caller issues). */
  | { kind: 'enable'; configuration: RetailerConfiguration }
  /** Replace the link settings of an enabled retailer (its link id stays). */
  | { kind: 'update'; configuration: RetailerConfiguration }
  /** Remove the configuration; a later enable starts from scratch. */
  | { kind: 'disable' }
  /** 404: the retailer cannot be enabled, or link settings were sent for a retailer that is not enabled. */
  | { kind: 'refused'; reason: 'retailer_inactive' | 'retailer_not_enabled' }
  /** 422 with these entries. */
  | { kind: 'invalid'; issues: ValidationIssue[] };

/** What a newly enabled retailer starts with (seed: link_visibility starts as `everyone`). */
export const INITIAL_CONFIGURATION: Readonly<RetailerConfiguration> = Object.freeze({
  linkVisibility: 'everyone',
  allowedEmails: [],
  allowedDomains: [],
});

/**
 * Decides what PATCH /retailers/{id} does (seed rules 1-4; the gateway rejects empty bodies and unknown
 * fields). Checks run in this order: audience entries are valid emails and domains; link settings are not
 * combined with `enabled: false`; link settings need the retailer enabled, already or by `enabled: true`
 * in the same request; an inactive retailer cannot be newly enabled; `restricted` needs at least one email
 * or domain once the request is applied. Idempotent: a request that leaves the configuration as it is
 * changes nothing.
 */
export function planRetailerUpdate(input: {
  status: RetailerStatus;
  current: RetailerConfiguration | null;
  request: RetailerUpdateRequest;
}): RetailerUpdatePlan {
  const { status, current, request } = input;
  const hasLinkSettings = request.linkVisibility !== undefined || request.linkAudience !== undefined;
  const audience = request.linkAudience ? normalizeAudience(request.linkAudience) : null;
  const issues = audience ? [...audience.issues] : [];
  if (request.enabled === false && hasLinkSettings) {
    issues.push({
      loc: ['body', 'enabled'],
      msg: 'link_visibility and link_audience cannot be sent together with enabled: false',
      type: 'value_error',
      input: false,
    });
  }
  if (issues.length > 0) return { kind: 'invalid', issues };

  if (request.enabled === false) return current ? { kind: 'disable' } : { kind: 'unchanged' };
  const enabling = request.enabled === true && !current;
  if (!current && !enabling) {
    return hasLinkSettings ? { kind: 'refused', reason: 'retailer_not_enabled' } : { kind: 'unchanged' };
  }
  if (enabling && status === 'inactive') return { kind: 'refused', reason: 'retailer_inactive' };

  const base = current ?? INITIAL_CONFIGURATION;
  const next: RetailerConfiguration = {
    linkVisibility: request.linkVisibility ?? base.linkVisibility,
    allowedEmails: audience ? audience.allowedEmails : [...base.allowedEmails],
    allowedDomains: audience ? audience.allowedDomains : [...base.allowedDomains],
  };
  if (next.linkVisibility === 'restricted' && next.allowedEmails.length === 0 && next.allowedDomains.length === 0) {
    return {
      kind: 'invalid',
      issues: [
        {
          loc: ['body', 'link_audience'],
          msg: 'restricted visibility needs at least one allowed email or domain',
          type: 'value_error',
          ...(request.linkAudience
            ? {
                input: {
                  allowed_emails: request.linkAudience.allowedEmails,
                  allowed_domains: request.linkAudience.allowedDomains,
                },
              }
            : {}),
        },
      ],
    };
  }
  if (!current) return { kind: 'enable', configuration: next };
  return sameConfiguration(current, next) ? { kind: 'unchanged' } : { kind: 'update', configuration: next };
}

/** Validated, lower-cased lists without duplicates (first occurrence kept), or the entries that failed. */
function normalizeAudience(audience: { allowedEmails: string[]; allowedDomains: string[] }): {
  allowedEmails: string[];
  allowedDomains: string[];
  issues: ValidationIssue[];
} {
  const issues: ValidationIssue[] = [];
  const check = (field: 'allowed_emails' | 'allowed_domains', values: string[], checker: (v: string) => Checked) => {
    const accepted: string[] = [];
    values.forEach((value, index) => {
      const checked = checker(value);
      if (checked.ok) {
        if (!accepted.includes(checked.value)) accepted.push(checked.value);
        return;
      }
      const what = field === 'allowed_emails' ? 'email address' : 'domain';
      issues.push({
        loc: ['body', 'link_audience', field, index],
        msg: `value is not a valid ${what}: ${checked.reason}`,
        type: 'value_error',
        input: value,
      });
    });
    return accepted;
  };
  return {
    allowedEmails: check('allowed_emails', audience.allowedEmails, checkEmail),
    allowedDomains: check('allowed_domains', audience.allowedDomains, checkDomain),
    issues,
  };
}

function sameConfiguration(a: RetailerConfiguration, b: RetailerConfiguration): boolean {
  const sameList = (x: string[], y: string[]) => x.length === y.length && x.every((value, i) => value === y[i]);
  return (
    a.linkVisibility === b.linkVisibility &&
    sameList(a.allowedEmails, b.allowedEmails) &&
    sameList(a.allowedDomains, b.allowedDomains)
  );
}
