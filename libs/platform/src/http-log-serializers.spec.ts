import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { httpLogSerializers } from './http-log-serializers.js';

function request(url: string, originalUrl?: string): IncomingMessage {
  const req = Object.assign(new IncomingMessage(new Socket()), { method: 'GET', url, id: 7 });
  return originalUrl ? Object.assign(req, { originalUrl }) : req;
}

describe('httpLogSerializers', () => {
  it('logs the id, the method and the URL without its secrets', () => {
    expect(httpLogSerializers.req(request('/link?link_token=secret&x=1'))).toEqual({
      id: 7,
      method: 'GET',
      url: '/link?link_token=[Redacted]&x=1',
    });
  });

  it("finds secrets by the matched route's template: DELETE /LINK-TOKENS/{token} routes, so it is redacted", () => {
    const req = Object.assign(request('/LINK-TOKENS/lt_v1_secret'), { route: { path: '/link-tokens/:link_token' } });
    expect(httpLogSerializers.req(req).url).toBe('/LINK-TOKENS/[Redacted]');
  });

  it('prefers the URL as received over one a router rewrote', () => {
    expect(httpLogSerializers.req(request('/abc', '/link-tokens/abc')).url).toBe('/link-tokens/[Redacted]');
  });

  it("logs the response's status and headers, with the secret of a redirect's Location blanked out", () => {
    const res = new ServerResponse(request('/callback'));
    res.setHeader('location', 'https://partner.example/cb?code=the-code&state=s');
    res.setHeader('content-type', 'text/plain');
    expect(httpLogSerializers.res(res)).toEqual({
      statusCode: null,
      headers: { location: 'https://partner.example/cb?code=[Redacted]&state=s', 'content-type': 'text/plain' },
    });
  });
});
