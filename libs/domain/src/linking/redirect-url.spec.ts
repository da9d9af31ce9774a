import { checkRedirectOrigin, checkRedirectUrl, linkExitUrl, redirectAllowed } from './redirect-url.js';

describe('checkRedirectUrl', () => {
  it.each<[string, string, string | null]>([
    ['https', 'https://brand.test/linked', 'https://brand.test/linked'],
    ['http (development)', 'http://127.0.0.1:8080/cb?x=1', 'http://127.0.0.1:8080/cb?x=1'],
    ['trimmed', '  https://brand.test/  ', 'https://brand.test/'],
    ['relative', '/linked', null],
    ['javascript', 'javascript:alert(1)', null],
    ['data', 'data:text/html,hi', null],
    ['credentials', 'https://user:pass@brand.test/', null],
    ['empty', ' ', null],
    ['too long', `https://brand.test/${'a'.repeat(2048)}`, null],
  ])('%s', (_name, raw, accepted) => {
    const checked = checkRedirectUrl(raw);
    expect(checked.ok ? checked.url : null).toBe(accepted);
  });
});

describe('linkExitUrl', () => {
  it.each<[string, string, 'success' | 'cancelled' | 'error', string | null, string]>([
    [
      'adds the result and connection',
      'https://brand.test/linked',
      'success',
      'C1',
      'https://brand.test/linked?link_result=success&connection_id=C1',
    ],
    [
      'keeps the query and fragment',
      'https://brand.test/linked?user=7#done',
      'cancelled',
      null,
      'https://brand.test/linked?user=7&link_result=cancelled#done',
    ],
    [
      'replaces parameters of the same name',
      'https://brand.test/?link_result=success&connection_id=FAKE',
      'error',
      null,
      'https://brand.test/?link_result=error',
    ],
  ])('%s', (_name, redirectUrl, result, connectionId, expected) => {
    expect(linkExitUrl(redirectUrl, result, connectionId)).toBe(expected);
  });
});

describe('checkRedirectOrigin', () => {
  it.each<[string, string | null]>([
    ['https://Shop.Example', 'https://shop.example'],
    ['https://shop.example/', 'https://shop.example'],
    ['https://shop.example:8443', 'https://shop.example:8443'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://shop.example', null],
    ['https://shop.example/return', null],
    ['https://shop.example?x=1', null],
    ['https://u:p@shop.example', null],
    ['shop.example', null],
  ])('%s', (raw, origin) => {
    const checked = checkRedirectOrigin(raw);
    expect(checked.ok ? checked.origin : null).toBe(origin);
  });
});

describe('redirectAllowed', () => {
  const origins = ['https://shop.example'];
  it.each<[string, string, readonly string[], boolean]>([
    ['link_url', 'https://shop.example/linked?x=1', origins, true],
    ['link_url', 'https://evil.example/phish', origins, false],
    ['link_url', 'https://shop.example.evil.example/', origins, false],
    ['link_url', 'https://shop.example/linked', [], false],
    ['link_token', 'https://anywhere.example/', [], true],
    ['reauthentication', 'https://anywhere.example/', [], true],
  ])('%s to %s', (entry, url, registered, allowed) => {
    expect(redirectAllowed(entry, url, registered)).toBe(allowed);
  });
});
