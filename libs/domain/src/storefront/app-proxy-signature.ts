import { createHmac, timingSafeEqual } from 'node:crypto';

/** A signed request older (or further ahead) than this is refused (INTERFACE-DECISIONS: 90 s). */
export const APP_PROXY_MAX_AGE_SECONDS = 90;

/** The parameters of a query string in the order they appear; a name may repeat. */
export type QueryPairs = Iterable<readonly [string, string]>;

/**
 * What Shopify's app proxy signs: every query parameter but `signature`, as `name=value` with the values of
 * a repeated name joined by `,`, sorted, concatenated without a separator.
 */
export function appProxyMessage(query: QueryPairs): string {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of query) {
    if (name === 'signature') continue;
    grouped.set(name, [...(grouped.get(name) ?? []), value]);
  }
  return [...grouped.entries()]
    .map(([name, values]) => `${name}=${values.join(',')}`)
    .sort()
    .join('');
}

/** Hex HMAC-SHA256 of the query's message with the shop's app-proxy secret. */
export function appProxySignature(query: QueryPairs, secret: string): string {
  return createHmac('sha256', secret).update(appProxyMessage(query)).digest('hex');
}

/**
 * Why a proxied request is not trusted. Callers answer every reason alike (401, no detail); the reason is for
 * tests and logs.
 */
export type AppProxyRefusal = 'missing' | 'mismatch' | 'stale';

export type AppProxyVerdict = { ok: true; signature: string } | { ok: false; reason: AppProxyRefusal };

const only = (pairs: ReadonlyArray<readonly [string, string]>, name: string): string | null => {
  const values = pairs.filter(([key]) => key === name).map(([, value]) => value);
  return values.length === 1 ? values[0]! : null;
};

/**
 * Checks a proxied request's query: exactly one lowercase hex `signature` that matches (compared in constant
 * time), and exactly one `timestamp` (Unix seconds) within `maxAgeSeconds` of `now`, either way.
 */
export function verifyAppProxyQuery(
  query: QueryPairs,
  secret: string,
  now: Date,
  maxAgeSeconds = APP_PROXY_MAX_AGE_SECONDS,
): AppProxyVerdict {
  const pairs = [...query];
  const signature = only(pairs, 'signature');
  if (signature === null || !/^[0-9a-f]{64}$/.test(signature)) return { ok: false, reason: 'missing' };
  const expected = Buffer.from(appProxySignature(pairs, secret), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'mismatch' };
  const timestamp = only(pairs, 'timestamp');
  if (timestamp === null || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'stale' };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > maxAgeSeconds) return { ok: false, reason: 'stale' };
  return { ok: true, signature };
}

/**
 * Adds `timestamp` and `signature` to a query, as the storefront platform does before it forwards a request
 * (the sandbox storefront, the settings links, tests).
 */
export function signAppProxyQuery(query: QueryPairs, secret: string, now: Date): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of query) if (name !== 'signature' && name !== 'timestamp') params.append(name, value);
  params.set('timestamp', String(Math.floor(now.getTime() / 1000)));
  params.set('signature', appProxySignature(params, secret));
  return params;
}
