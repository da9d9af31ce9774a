import { checkStorefrontRedirect, storefrontCustomerId, storefrontTags } from './storefront-link.js';

describe('storefrontTags', () => {
  it('keeps only the three utm names, trimmed; drops overlong, empty and non-string values', () => {
    expect(
      storefrontTags({
        utm_campaign: '  spring  ',
        utm_source: 'x'.repeat(257),
        utm_medium: 'x'.repeat(256),
        utm_term: 'ignored',
        ref: 'ignored',
      }),
    ).toEqual({ utm_campaign: 'spring', utm_medium: 'x'.repeat(256) });
    expect(storefrontTags({ utm_campaign: '   ', utm_source: 7 })).toEqual({});
    expect(storefrontTags(undefined)).toEqual({});
    expect(
      storefrontTags(JSON.parse('{"__proto__": {"utm_campaign": "polluted"}}') as Record<string, unknown>),
    ).toEqual({});
  });
});

describe('storefrontCustomerId', () => {
  it('is the same for a customer of a shop and differs between shops', () => {
    expect(storefrontCustomerId('acme.myshopify.com', '42')).toBe('acme.myshopify.com:42');
    expect(storefrontCustomerId('acme.myshopify.com', '42')).not.toBe(storefrontCustomerId('beta.myshopify.com', '42'));
  });

  it('stays within 64 characters for long shop domains, deterministically', () => {
    const shop = `${'a'.repeat(60)}.myshopify.com`;
    const id = storefrontCustomerId(shop, '42');
    expect(id).toMatch(/^sf_[A-Za-z0-9_-]{43}$/);
    expect(storefrontCustomerId(shop, '42')).toBe(id);
    expect(storefrontCustomerId(shop, '43')).not.toBe(id);
  });
});

describe('checkStorefrontRedirect', () => {
  const home = 'https://acme.example/';
  it.each([
    [undefined, { ok: true, url: 'https://acme.example/' }],
    ['', { ok: true, url: 'https://acme.example/' }],
    ['/pages/rewards?x=1', { ok: true, url: 'https://acme.example/pages/rewards?x=1' }],
    ['https://acme.example/account', { ok: true, url: 'https://acme.example/account' }],
    ['https://evil.example/', { ok: false }],
    ['//evil.example/', { ok: false }],
    ['/\\evil.example/', { ok: false }],
    ['javascript:alert(1)', { ok: false }],
  ])('%s', (raw, verdict) => {
    expect(checkStorefrontRedirect(raw, home)).toMatchObject(verdict);
  });
});
