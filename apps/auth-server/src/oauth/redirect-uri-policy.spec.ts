import { redirectUriProblem, redirectUrisProblem } from './redirect-uri-policy.js';

describe('redirect URI registration', () => {
  it.each([
    ['https://app.example.com/oauth/callback', null],
    ['https://app.example.com:8443/cb?x=1', null],
    ['http://127.0.0.1:8080/cb', null],
    ['http://localhost/cb', null],
    ['http://[::1]:9000/cb', null],
    ['http://app.example.com/cb', 'must use https'],
    ['https://app.example.com/cb#frag', 'fragment'],
    ['https://user:pw@app.example.com/cb', 'user info'],
    ['/relative', 'not an absolute URL'],
    ['custom-scheme://cb', 'must use https'],
    // Issue 32, item 8: the URL parser drops raw CR/LF, so these used to be accepted and stored as sent.
    ['https://app.example.com/cb\r\nSet-Cookie: x=1', 'control characters'],
    ['https://app.example.com/c\nb', 'control characters'],
    ['https://app.example.com/cb\t', 'control characters'],
    ['https://app.example.com/c b', 'control characters'],
  ])('%s', (uri, problem) => {
    const found = redirectUriProblem(uri);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });

  it('accepts 1 to 10 unique URIs', () => {
    const uris = Array.from({ length: 10 }, (_, i) => `https://app.example.com/cb${i}`);
    expect(redirectUrisProblem(uris)).toBeNull();
    expect(redirectUrisProblem([...uris, 'https://app.example.com/cb10'])).toContain('at most 10');
    expect(redirectUrisProblem([])).toContain('at least one');
    expect(redirectUrisProblem(['https://a.example/cb', 'https://a.example/cb'])).toContain('unique');
  });
});
