export const MAX_REDIRECT_URIS = 10;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * A registrable redirect URI: absolute, HTTPS (or HTTP on a loopback host, for development), no fragment,
 * no user info, no whitespace or control characters (CR/LF). Matching at authorization is exact string equality, so nothing is normalised here.
 */
export function redirectUriProblem(uri: string): string | null {
  // The URL parser drops tabs and line breaks silently: a URI with raw CR/LF would be stored, and echoed, as sent.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(uri)) return 'a redirect URI must not contain spaces or control characters';
  if (!URL.canParse(uri)) return `${uri} is not an absolute URL`;
  if (uri.includes(' ')) return 'a redirect URI must not contain spaces or control characters';
  const url = new URL(uri);
  if (url.hash || uri.includes('#')) return `${uri} must not contain a fragment`;
  if (url.username || url.password) return `${uri} must not contain user info`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `${uri} must use https (http only on a loopback host)`;
}

export function redirectUrisProblem(uris: string[]): string | null {
  if (uris.length === 0) return 'at least one redirect URI is required';
  if (uris.length > MAX_REDIRECT_URIS) return `at most ${MAX_REDIRECT_URIS} redirect URIs are allowed`;
  if (new Set(uris).size !== uris.length) return 'redirect URIs must be unique';
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) return problem;
  }
  return null;
}
