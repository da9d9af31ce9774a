import { checkRedirectUrl, linkExitUrl } from './redirect-url.js';

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
