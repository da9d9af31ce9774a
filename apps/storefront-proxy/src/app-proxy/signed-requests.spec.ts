import { randomBytes } from 'node:crypto';
import { UnauthorizedException } from '@nestjs/common';
import { signAppProxyQuery, type Clock } from '@cps/domain';
import { SecretBox } from '@cps/persistence';
import { fake } from '@cps/testing/unit';
import { type Shop } from '../shops/shop.js';
import { type ShopRepository } from '../shops/shop.repository.js';
import { onlyValue, queryPairs, SignedRequests } from './signed-requests.js';
import { type UsedSignatureRepository } from './used-signature.repository.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const SECRET = 'proxy-secret-of-the-shop';
const box = new SecretBox(randomBytes(32).toString('base64'));
const shop = fake<Shop>({ domain: 'brand.myshopify.com', proxySecretSealed: box.seal(SECRET) });

function signedRequests(used = new Set<string>()) {
  const shops = fake<ShopRepository>({ find: (domain) => Promise.resolve(domain === shop.domain ? shop : null) });
  const signatures = fake<UsedSignatureRepository>({
    use: (digest) => Promise.resolve(used.has(digest) ? false : (used.add(digest), true)),
  });
  return new SignedRequests(shops, signatures, box, fake<Clock>({ now: () => NOW }));
}

const signed = (query: Array<[string, string]>, at = NOW, secret = SECRET): Array<[string, string]> => [
  ...signAppProxyQuery(query, secret, at),
];

describe('queryPairs and onlyValue', () => {
  it('keeps every parameter in order, repeats included', () => {
    expect(queryPairs('/apps/cps/link?a=1&b=2&a=3')).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['a', '3'],
    ]);
    expect(queryPairs('/apps/cps/link')).toEqual([]);
  });

  it('gives a value only when the parameter is there exactly once', () => {
    const pairs = queryPairs('/x?a=1&b=2&a=3');
    expect(onlyValue(pairs, 'b')).toBe('2');
    expect(onlyValue(pairs, 'a')).toBeNull();
    expect(onlyValue(pairs, 'c')).toBeNull();
  });
});

describe('SignedRequests', () => {
  const query: Array<[string, string]> = [
    ['shop', shop.domain],
    ['logged_in_customer_id', '42'],
  ];

  it('answers the shop whose secret signed the request', async () => {
    await expect(signedRequests().shopOf(signed(query), null)).resolves.toBe(shop);
  });

  it.each([
    ['an unknown shop', signed([['shop', 'other.myshopify.com']])],
    ['a shop that is not a domain name', signed([['shop', 'Not A Domain']])],
    ['the shop named twice', signed([...query, ['shop', shop.domain]])],
    ['another secret', signed(query, NOW, 'not-the-secret')],
    ['a timestamp older than the window', signed(query, new Date(NOW.getTime() - 10 * 60_000))],
    ['no signature', query],
  ])('refuses %s with the same 401', async (_case, pairs) => {
    const refusal = await signedRequests()
      .shopOf(pairs, null)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnauthorizedException);
    expect((refusal as UnauthorizedException).getResponse()).toEqual({ detail: 'unauthorized' });
  });

  it('serves a request that changes something once, and the same signed request again only when it reads', async () => {
    const requests = signedRequests();
    const pairs = signed(query);
    await expect(requests.shopOf(pairs, 'POST /link {}')).resolves.toBe(shop);
    await expect(requests.shopOf(pairs, 'POST /link {}')).rejects.toBeInstanceOf(UnauthorizedException);
    await expect(requests.shopOf(pairs, 'POST /link {"other":1}')).resolves.toBe(shop);
    await expect(requests.shopOf(pairs, null)).resolves.toBe(shop);
  });
});
