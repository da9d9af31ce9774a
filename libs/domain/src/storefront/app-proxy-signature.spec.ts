import { createHmac } from 'node:crypto';
import { appProxyMessage, appProxySignature, signAppProxyQuery, verifyAppProxyQuery } from './app-proxy-signature.js';

const SECRET = 'hush-hush-app-proxy-secret';
const NOW = new Date('2026-03-01T12:00:00Z');
const T = String(NOW.getTime() / 1000);

const pairs = (query: string) => [...new URLSearchParams(query)];

describe('app-proxy signature (Shopify scheme)', () => {
  it('signs the sorted name=value pairs joined without separator, repeated names joined with commas', () => {
    expect(
      appProxyMessage(pairs('shop=s.myshopify.com&extra=1&extra=2&path_prefix=%2Fapps%2Fservice&signature=x')),
    ).toBe('extra=1,2path_prefix=/apps/serviceshop=s.myshopify.com');
    // Shopify's documented example.
    const query =
      'extra=1&extra=2&shop=shop-name.myshopify.com&logged_in_customer_id=1&path_prefix=%2Fapps%2Fawesome_reviews&timestamp=1317327555';
    expect(appProxySignature(pairs(query), 'hush')).toBe(
      createHmac('sha256', 'hush')
        .update(
          'extra=1,2logged_in_customer_id=1path_prefix=/apps/awesome_reviewsshop=shop-name.myshopify.comtimestamp=1317327555',
        )
        .digest('hex'),
    );
  });

  it.each([
    ['a fresh, matching signature', 0, (q: URLSearchParams) => q, { ok: true }],
    ['89 s old', -89, (q: URLSearchParams) => q, { ok: true }],
    ['91 s old', -91, (q: URLSearchParams) => q, { ok: false, reason: 'stale' }],
    ['91 s ahead', 91, (q: URLSearchParams) => q, { ok: false, reason: 'stale' }],
    [
      'without a signature',
      0,
      (q: URLSearchParams) => {
        q.delete('signature');
        return q;
      },
      { ok: false, reason: 'missing' },
    ],
    [
      'a tampered parameter',
      0,
      (q: URLSearchParams) => {
        q.set('logged_in_customer_id', '2');
        return q;
      },
      { ok: false, reason: 'mismatch' },
    ],
    [
      'an added parameter',
      0,
      (q: URLSearchParams) => {
        q.append('logged_in_customer_id', '2');
        return q;
      },
      { ok: false, reason: 'mismatch' },
    ],
    [
      'two signatures',
      0,
      (q: URLSearchParams) => {
        q.append('signature', q.get('signature')!);
        return q;
      },
      { ok: false, reason: 'missing' },
    ],
    [
      'an upper-case signature',
      0,
      (q: URLSearchParams) => {
        q.set('signature', q.get('signature')!.toUpperCase());
        return q;
      },
      { ok: false, reason: 'missing' },
    ],
  ])('%s', (_name, offsetSeconds, change, verdict) => {
    const signedAt = new Date(NOW.getTime() + offsetSeconds * 1000);
    const signed = signAppProxyQuery(pairs('shop=s.myshopify.com&logged_in_customer_id=1'), SECRET, signedAt);
    expect(verifyAppProxyQuery(change(signed), SECRET, NOW)).toMatchObject(verdict);
  });

  it('refuses another secret and a missing timestamp', () => {
    const signed = signAppProxyQuery(pairs('shop=s.myshopify.com'), SECRET, NOW);
    expect(verifyAppProxyQuery(signed, 'another secret', NOW)).toEqual({ ok: false, reason: 'mismatch' });
    const untimed = new URLSearchParams({ shop: 's.myshopify.com' });
    untimed.set('signature', appProxySignature(untimed, SECRET));
    expect(verifyAppProxyQuery(untimed, SECRET, NOW)).toEqual({ ok: false, reason: 'stale' });
  });

  it('puts the signing time in `timestamp`', () => {
    expect(signAppProxyQuery([], SECRET, NOW).get('timestamp')).toBe(T);
  });
});
