import { cookieValue, localReturnPath } from './storefront-session.js';

describe('localReturnPath (where sign-in returns)', () => {
  it.each<[string, unknown, string]>([
    ['a page of the shop', '/apps/service/link/abc?redirect_url=%2F', '/apps/service/link/abc?redirect_url=%2F'],
    ['the homepage', '/', '/'],
    ['another site', 'https://evil.example/', '/'],
    ['a protocol-relative address', '//evil.example/', '/'],
    ['a backslash trick', '/\\evil.example', '/'],
    ['nothing', undefined, '/'],
    ['not text', ['/a'], '/'],
    ['too long', `/${'a'.repeat(2048)}`, '/'],
  ])('%s', (_case, raw, expected) => {
    expect(localReturnPath(raw)).toBe(expected);
  });
});

describe('cookieValue', () => {
  it.each<[string, string | undefined, string | null]>([
    ['one of several', 'a=1; sbx_shop_session=tok; b=2', 'tok'],
    ['absent', 'a=1', null],
    ['no header', undefined, null],
    ['empty value', 'sbx_shop_session=', null],
    ['a name that only ends the same', 'x_sbx_shop_session=tok', null],
  ])('%s', (_case, header, expected) => {
    expect(cookieValue(header, 'sbx_shop_session')).toBe(expected);
  });
});
