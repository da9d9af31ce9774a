/** A value accepted as given (normalised), or the reason it was not. */
export type Checked = { ok: true; value: string } | { ok: false; reason: string };

const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_PART_LENGTH = 64;
const MAX_DOMAIN_LENGTH = 253;
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * An audience email: trimmed and lower-cased, then `local@domain` with a dot-atom local part (no quoted
 * forms) and a domain that passes checkDomain. Non-ASCII addresses are refused.
 */
export function checkEmail(input: string): Checked {
  const value = input.trim().toLowerCase();
  if (value.length === 0) return { ok: false, reason: 'an email address is required' };
  if (value.length > MAX_EMAIL_LENGTH) return { ok: false, reason: `at most ${MAX_EMAIL_LENGTH} characters` };
  const at = value.lastIndexOf('@');
  if (at < 0) return { ok: false, reason: 'an email address must have an @-sign' };
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length === 0) return { ok: false, reason: 'there must be something before the @-sign' };
  if (local.length > MAX_LOCAL_PART_LENGTH) {
    return { ok: false, reason: `the part before the @-sign must be at most ${MAX_LOCAL_PART_LENGTH} characters` };
  }
  if (!LOCAL_PART.test(local)) return { ok: false, reason: 'the part before the @-sign is not valid' };
  if (domain.length === 0) return { ok: false, reason: 'there must be something after the @-sign' };
  const checkedDomain = checkHostname(domain);
  if (!checkedDomain.ok)
    return { ok: false, reason: `the part after the @-sign is not valid: ${checkedDomain.reason}` };
  return { ok: true, value };
}

/**
 * An audience domain: trimmed and lower-cased, a bare hostname of at least two labels (`example.com`,
 * `mail.example.co.uk`), without scheme, user, port, path or wildcard. IP addresses are not domains.
 */
export function checkDomain(input: string): Checked {
  const value = input.trim().toLowerCase();
  if (value.length === 0) return { ok: false, reason: 'a domain is required' };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value)) return { ok: false, reason: 'a domain must not include a scheme' };
  if (value.includes('@')) return { ok: false, reason: 'a domain must not include an @-sign' };
  if (/[/?#]/.test(value)) return { ok: false, reason: 'a domain must not include a path' };
  if (value.includes(':')) return { ok: false, reason: 'a domain must not include a port' };
  if (value.includes('*')) return { ok: false, reason: 'a domain must not include wildcards' };
  const checked = checkHostname(value);
  return checked.ok ? { ok: true, value } : checked;
}

function checkHostname(value: string): Checked {
  if (value.length > MAX_DOMAIN_LENGTH) return { ok: false, reason: `at most ${MAX_DOMAIN_LENGTH} characters` };
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(value)) return { ok: false, reason: 'use the ASCII (xn--) form of the domain' };
  const labels = value.split('.');
  if (labels.length < 2) return { ok: false, reason: 'a domain needs at least two labels, e.g. example.com' };
  if (labels.some((label) => !LABEL.test(label))) {
    return {
      ok: false,
      reason: 'each label must be 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen',
    };
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1] as string)) {
    return { ok: false, reason: 'an IP address is not a domain' };
  }
  return { ok: true, value };
}
