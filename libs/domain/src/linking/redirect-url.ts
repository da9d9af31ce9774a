import { parseGivenUrl, type UrlCheck } from '../given-url.js';

/** Wire values of `link_result` on the way back to `redirect_url` (INTERFACE-DECISIONS). Never rename. */
export type LinkResult = 'success' | 'cancelled' | 'error';

export const MAX_REDIRECT_URL_LENGTH = 2048;

export type RedirectUrlCheck = UrlCheck;

/**
 * A `redirect_url` the link flow may send the shopper back to: an absolute http(s) URL without
 * credentials, at most 2048 characters. Anything else (javascript:, relative paths, user:pass@) is refused.
 */
export function checkRedirectUrl(raw: string): RedirectUrlCheck {
  const given = parseGivenUrl(raw, {
    label: 'redirect_url',
    maxLength: MAX_REDIRECT_URL_LENGTH,
    empty: 'must not be empty',
  });
  if (!given.ok) return given;
  const { url } = given;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'redirect_url must be an absolute http(s) URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'redirect_url must not carry credentials' };
  return { ok: true, url: url.toString() };
}

/**
 * Where the flow ends: `redirect_url` with `link_result` and, when there is one, `connection_id` added to
 * its query (replacing parameters of the same name; the rest of the URL is kept as given).
 */
export function linkExitUrl(redirectUrl: string, result: LinkResult, connectionId: string | null): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('link_result', result);
  if (connectionId !== null) url.searchParams.set('connection_id', connectionId);
  else url.searchParams.delete('connection_id');
  return url.toString();
}

export const MAX_REDIRECT_ORIGINS = 10;

/**
 * A brand's registered return address for its public `link_url`s: an origin (`https://shop.example`, no path), https,
 * or http on a loopback host for development. Normalized as browsers spell origins.
 */
export function checkRedirectOrigin(raw: string): { ok: true; origin: string } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: `${raw.trim()} is not an origin such as https://shop.example` };
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return { ok: false, reason: `${url.origin} must be https (http only for localhost)` };
  }
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    return { ok: false, reason: `${raw.trim()} must be an origin only, without a path, query or credentials` };
  }
  return { ok: true, origin: url.origin };
}

/**
 * Whether the link flow may send the shopper to `redirectUrl`: always for a link token's flow (the brand's own server
 * made the link), and for a retailer's public `link_url` only to one of the brand's registered origins, since anyone
 * can append a `redirect_url` to a public link (otherwise the flow ends on a page of its own: no open redirect).
 */
export function redirectAllowed(entry: string, redirectUrl: string, registeredOrigins: readonly string[]): boolean {
  if (entry !== 'link_url') return true;
  try {
    return registeredOrigins.includes(new URL(redirectUrl).origin);
  } catch {
    return false;
  }
}
