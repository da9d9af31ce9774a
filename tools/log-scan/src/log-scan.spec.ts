import { scanText } from './log-scan.js';

const rulesOf = (line: string) => scanText('x.log', line).map((finding) => finding.rule);

describe('log scan', () => {
  it.each([
    ['{"msg":"created","key":"cpk_AbCdEfGhIjKlMnOpQrStUvWxYz012345"}', 'API key'],
    ['GET /link/lt_v1_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg', 'link token'],
    ['{"secret":"whsec_QUJDREVGR0hJSktMTU5PUFFSU1RVVg=="}', 'webhook secret'],
    ['token eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ', 'JWT'],
    ['{"req":{"headers":{"authorization":"Bearer abcdefghijklmnopqrstuvwxyz"}}}', 'bearer credential'],
    ['{"body":{"email":"a@b.c","password":"hunter2-hunter2"}}', 'secret-named field'],
    ['{"challenge":{"code":"123456"}}', 'one-time code'],
    ['"url":"/oauth/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz"', 'secret query parameter'],
  ])('finds %s', (line, rule) => {
    expect(rulesOf(line)).toContain(rule);
  });

  it.each([
    '{"req":{"headers":{"authorization":"[Redacted]","x-api-key":"[Redacted]"}}}',
    '{"password":"[Redacted]","token":"[Redacted]"}',
    '{"err":{"code":"ECONNREFUSED"},"msg":"retrying in 1000 ms"}',
    '"url":"/link-tokens/[Redacted]?token=[Redacted]"',
    '{"msg":"purchase 01M87JEAHEHCVKTSRXY0M4Y3TF delivered","status":200}',
  ])('passes %s', (line) => {
    expect(rulesOf(line)).toEqual([]);
  });

  it('reports where, never the whole secret', () => {
    const [finding] = scanText('gw.log', 'ok\n{"k":"cpk_AbCdEfGhIjKlMnOpQrStUvWxYz012345"}');
    expect(finding).toEqual({ file: 'gw.log', line: 2, rule: 'API key', excerpt: 'cpk_Ab…' });
  });
});
