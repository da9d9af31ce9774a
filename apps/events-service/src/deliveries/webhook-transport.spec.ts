import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { FetchWebhookTransport } from './webhook-transport.js';

describe('FetchWebhookTransport', () => {
  let server: Server;
  let base: string;
  const seen: { path: string; body: string; headers: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', body, headers: req.headers });
        if (req.url === '/redirect') {
          res.writeHead(302, { location: '/ok' }).end();
        } else if (req.url === '/slow') {
          setTimeout(() => res.end('late'), 500);
        } else {
          res.writeHead(req.url === '/gone' ? 410 : 200).end('ignored body');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const transport = new FetchWebhookTransport();
  const send = (path: string, timeoutMs = 2_000) =>
    transport.send(
      { url: `${base}${path}`, body: '{"a":1}', headers: { 'content-type': 'application/json' } },
      timeoutMs,
    );

  it('posts the body with the given headers and reports the status', async () => {
    await expect(send('/ok')).resolves.toEqual({ statusCode: 200 });
    expect(seen.at(-1)).toMatchObject({
      path: '/ok',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('does not follow redirects', async () => {
    const before = seen.length;
    await expect(send('/redirect')).resolves.toEqual({ statusCode: 302 });
    expect(seen.slice(before).map((request) => request.path)).toEqual(['/redirect']);
  });

  it('reports 410', async () => {
    await expect(send('/gone')).resolves.toEqual({ statusCode: 410 });
  });

  it('gives up after the timeout', async () => {
    await expect(send('/slow', 100)).resolves.toEqual({ error: 'no response within 100 ms' });
  });

  it('reports a refused connection as an error without the URL path', async () => {
    const result = await transport.send({ url: 'http://127.0.0.1:1/secret-token', body: '{}', headers: {} }, 2_000);
    expect(result).toEqual({ error: expect.stringContaining('request failed') });
    expect(JSON.stringify(result)).not.toContain('secret-token');
  });
});
