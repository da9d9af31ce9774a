import { LinkCookies } from './link-cookie.js';

const KEY = 'k'.repeat(40);
const NOW = new Date('2026-03-01T12:00:00.000Z');
const SESSION = 'S'.repeat(43);
const cookies = new LinkCookies(KEY, { path: '/link', secure: false, maxAgeSeconds: 1800 });

const valueOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('LinkCookies', () => {
  it('issues an HttpOnly, SameSite=Lax cookie scoped to the link flow, Secure on https', () => {
    expect(cookies.issue(SESSION, NOW)).toMatch(
      /^cps_link=S{43}\.\d+\.[A-Za-z0-9_-]{43}; Path=\/link; Max-Age=1800; HttpOnly; SameSite=Lax$/,
    );
    const secure = new LinkCookies(KEY, { path: '/api/link', secure: true, maxAgeSeconds: 60 });
    expect(secure.issue(SESSION, NOW)).toMatch(/; Path=\/api\/link; Max-Age=60; HttpOnly; SameSite=Lax; Secure$/);
    expect(cookies.clear()).toBe('cps_link=; Path=/link; Max-Age=0; HttpOnly; SameSite=Lax');
  });

  it('reads back the session it issued, among other cookies', () => {
    const cookie = valueOf(cookies.issue(SESSION, NOW));
    expect(cookies.read(`a=1; ${cookie}; b=2`, NOW)).toBe(SESSION);
  });

  it.each<[string, (cookie: string) => string | undefined, Date]>([
    ['no cookie header', () => undefined, NOW],
    ['another cookie only', () => 'other=1', NOW],
    ['a tampered session', (cookie) => cookie.replace('SSSS', 'SSST'), NOW],
    ['a tampered expiry', (cookie) => cookie.replace(/\.(\d+)\./, (_m, e: string) => `.${Number(e) + 9999}.`), NOW],
    [
      'another key',
      () =>
        valueOf(
          new LinkCookies('x'.repeat(40), { path: '/link', secure: false, maxAgeSeconds: 1800 }).issue(SESSION, NOW),
        ),
      NOW,
    ],
    ['an expired cookie', (cookie) => cookie, new Date(NOW.getTime() + 1801_000)],
    ['garbage', () => 'cps_link=..', NOW],
  ])('ignores %s', (_name, mangle, at) => {
    expect(cookies.read(mangle(valueOf(cookies.issue(SESSION, NOW))), at)).toBeNull();
  });

  it('binds CSRF tokens to the session', () => {
    const token = cookies.csrfToken(SESSION);
    expect(cookies.verifyCsrf(SESSION, token)).toBe(true);
    expect(cookies.verifyCsrf('T'.repeat(43), token)).toBe(false);
    expect(cookies.verifyCsrf(SESSION, undefined)).toBe(false);
    expect(cookies.verifyCsrf(SESSION, `${token}x`)).toBe(false);
  });
});
