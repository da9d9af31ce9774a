/** Wire values of `link_result` on the way back to `redirect_url` (INTERFACE-DECISIONS). Never rename. */
export type LinkResult = 'success' | 'cancelled' | 'error';

export const MAX_REDIRECT_URL_LENGTH = 2048;

export type RedirectUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/**
 * A `redirect_url` the link flow may send the shopper back to: an absolute http(s) URL without
 * credentials, at most 2048 characters. Anything else (javascript:, relative paths, user:pass@) is refused.
 */
export function checkRedirectUrl(raw: string): RedirectUrlCheck {
  const text = raw.trim();
  if (text.length === 0) return { ok: false, reason: 'redirect_url must not be empty' };
  if (text.length > MAX_REDIRECT_URL_LENGTH) {
    return { ok: false, reason: `redirect_url must be at most ${MAX_REDIRECT_URL_LENGTH} characters` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'redirect_url must be an absolute http(s) URL' };
  }
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
