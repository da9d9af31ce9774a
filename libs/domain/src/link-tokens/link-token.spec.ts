import {
  formatLinkToken,
  isLinkTokenFormat,
  linkTokenExpiry,
  linkTokenRequestIdentity,
  linkTokenStatus,
  type LinkTokenRequest,
  type LinkTokenStatus,
} from './link-token.js';

const EXPIRES = new Date('2025-06-01T00:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('linkTokenStatus', () => {
  it.each<[string, Date | null, Date, LinkTokenStatus]>([
    ['before expiry', null, at('2025-05-31T23:59:59.999Z'), 'active'],
    ['at the expiry instant', null, EXPIRES, 'expired'],
    ['after expiry', null, at('2025-07-01T00:00:00.000Z'), 'expired'],
    ['revoked before expiry', at('2025-05-01T00:00:00.000Z'), at('2025-05-02T00:00:00.000Z'), 'revoked'],
    ['revoked and since expired', at('2025-05-01T00:00:00.000Z'), at('2025-07-01T00:00:00.000Z'), 'revoked'],
    ['revoked after it expired', at('2025-06-02T00:00:00.000Z'), at('2025-06-03T00:00:00.000Z'), 'revoked'],
  ])('%s is %s', (_name, revokedAt, now, status) => {
    expect(linkTokenStatus({ expiresAt: EXPIRES, revokedAt }, now)).toBe(status);
  });
});

describe('link token format', () => {
  const random43 = 'A'.repeat(20) + '-_' + 'z9'.repeat(10) + 'Q';

  it.each<[string, boolean]>([
    [`lt_v1_${random43}`, true],
    [`lt_v1_${random43}x`, false],
    [`lt_v1_${random43.slice(1)}`, false],
    [`lt_v2_${random43}`, false],
    [`LT_V1_${random43}`, false],
    [`lt_v1_${random43.slice(1)}=`, false],
    [`lt_v1_${random43.slice(1)}+`, false],
    ['', false],
    ['cpk_something', false],
  ])('%j is a link token: %s', (value, expected) => {
    expect(isLinkTokenFormat(value)).toBe(expected);
  });

  it('formats 32 bytes of base64url and refuses anything else', () => {
    expect(formatLinkToken(Buffer.alloc(32, 0xfb).toString('base64url'))).toMatch(/^lt_v1_[A-Za-z0-9_-]{43}$/);
    expect(() => formatLinkToken(Buffer.alloc(31).toString('base64url'))).toThrow(RangeError);
  });
});

describe('linkTokenExpiry', () => {
  it.each<[number, string]>([
    [1, '2025-05-02T10:00:00.000Z'],
    [30, '2025-05-31T10:00:00.000Z'],
    [365, '2026-05-01T10:00:00.000Z'],
  ])('%i days after creation', (days, expected) => {
    expect(linkTokenExpiry(at('2025-05-01T10:00:00.000Z'), days).toISOString()).toBe(expected);
  });

  it.each([0, -1, 1.5])('refuses %s days', (days) => {
    expect(() => linkTokenExpiry(EXPIRES, days)).toThrow(RangeError);
  });
});

describe('linkTokenRequestIdentity', () => {
  const base: LinkTokenRequest = { customer_id: 'cust_1' };

  it.each<[string, LinkTokenRequest, boolean]>([
    ['the same request', { customer_id: 'cust_1' }, true],
    ['defaults spelled out', { customer_id: 'cust_1', email: null, mobile: null, tags: {}, expires_in_days: 30 }, true],
    ['another customer', { customer_id: 'cust_2' }, false],
    ['an email', { customer_id: 'cust_1', email: 'a@example.com' }, false],
    ['another lifetime', { customer_id: 'cust_1', expires_in_days: 31 }, false],
    ['tags', { customer_id: 'cust_1', tags: { utm_source: 'x' } }, false],
  ])('%s: identical %s', (_name, other, identical) => {
    expect(linkTokenRequestIdentity(other) === linkTokenRequestIdentity(base)).toBe(identical);
  });

  it('ignores the order of tags', () => {
    expect(linkTokenRequestIdentity({ customer_id: 'c', tags: { a: '1', b: '2' } })).toBe(
      linkTokenRequestIdentity({ customer_id: 'c', tags: { b: '2', a: '1' } }),
    );
  });
});
