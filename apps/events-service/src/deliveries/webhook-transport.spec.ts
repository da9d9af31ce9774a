import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { OutboundGuard, type ResolvedAddress } from '@cps/platform';
import { GuardedWebhookTransport } from './webhook-transport.js';

// The test environment's allowlist: receivers on this machine's loopback.
const loopbackAllowed = new OutboundGuard({ allow: ['127.0.0.0/8', '::1', 'localhost'] });

describe('GuardedWebhookTransport', () => {
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

  const transport = new GuardedWebhookTransport(loopbackAllowed);

  afterAll(async () => {
    transport.onApplicationShutdown();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (path: string, timeoutMs = 2_000) =>
    transport.send(
      { url: `${base}${path}`, body: '{"a":1}', headers: { 'content-type': 'application/json' } },
      timeoutMs,
    );

  it('posts the body with the given headers and reports the status', async () => {
    // The start of the receiver's answer comes back too (shown on the dashboard's delivery page).
    await expect(send('/ok')).resolves.toEqual({ statusCode: 200, responseBody: 'ignored body' });
    expect(seen.at(-1)).toMatchObject({
      path: '/ok',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('does not follow redirects', async () => {
    const before = seen.length;
    await expect(send('/redirect')).resolves.toMatchObject({ statusCode: 302 });
    expect(seen.slice(before).map((request) => request.path)).toEqual(['/redirect']);
  });

  it('reports 410', async () => {
    await expect(send('/gone')).resolves.toMatchObject({ statusCode: 410 });
  });

  it('gives up after the timeout', async () => {
    await expect(send('/slow', 100)).resolves.toEqual({ error: 'no response within 100 ms' });
  });

  it('reports a refused connection as an error without the URL path', async () => {
    const result = await transport.send({ url: 'http://127.0.0.1:1/secret-token', body: '{}', headers: {} }, 2_000);
    expect(result).toEqual({ error: expect.stringContaining('request failed') });
    expect(JSON.stringify(result)).not.toContain('secret-token');
  });

  it('refuses a loopback receiver without the allowlist, before connecting', async () => {
    const guarded = new GuardedWebhookTransport(new OutboundGuard({ allow: [] }));
    const before = seen.length;
    await expect(guarded.send({ url: `${base}/ok`, body: '{}', headers: {} }, 2_000)).resolves.toEqual({
      error: 'destination address is not allowed (loopback)',
    });
    await expect(
      guarded.send({ url: base.replace('127.0.0.1', '[::ffff:127.0.0.1]') + '/ok', body: '{}', headers: {} }, 2_000),
    ).resolves.toEqual({ error: 'destination address is not allowed (loopback)' });
    expect(seen.length).toBe(before);
    guarded.onApplicationShutdown();
  });

  it('refuses a name when any of its addresses is private', async () => {
    const guarded = new GuardedWebhookTransport(
      new OutboundGuard({
        allow: [],
        resolve: () =>
          Promise.resolve<ResolvedAddress[]>([
            { address: '93.184.216.34', family: 4 },
            { address: '127.0.0.1', family: 4 },
          ]),
      }),
    );
    const port = new URL(base).port;
    const before = seen.length;
    await expect(
      guarded.send({ url: `http://hooks.example:${port}/ok`, body: '{}', headers: {} }, 2_000),
    ).resolves.toEqual({ error: 'destination address is not allowed (loopback)' });
    expect(seen.length).toBe(before);
    guarded.onApplicationShutdown();
  });
});

describe('GuardedWebhookTransport against DNS rebinding', () => {
  // The vetted ("public") receiver on 127.0.0.2 and the internal target on 127.0.0.1, on the same port.
  const hits: Record<string, string[]> = { vetted: [], internal: [] };
  let internal: Server;
  let vetted: Server;
  let port: number;

  const receiver = (name: string) =>
    createServer((req, res) => {
      hits[name].push(`${req.headers.host} ${req.url}`);
      res.end();
    });

  beforeAll(async () => {
    internal = receiver('internal');
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    port = (internal.address() as AddressInfo).port;
    vetted = receiver('vetted');
    await new Promise<void>((resolve) => vetted.listen(port, '127.0.0.2', resolve));
  });

  afterAll(async () => {
    for (const server of [internal, vetted]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('connects to the address it checked, never to a later DNS answer', async () => {
    // First answer: an allowed address; every later answer: loopback, which is not allowed.
    let lookups = 0;
    const resolve = () => {
      lookups += 1;
      return Promise.resolve<ResolvedAddress[]>([{ address: lookups === 1 ? '127.0.0.2' : '127.0.0.1', family: 4 }]);
    };
    const transport = new GuardedWebhookTransport(new OutboundGuard({ allow: ['127.0.0.2'], resolve }));
    const url = `http://rebind.example:${port}/hook`;

    await expect(transport.send({ url, body: '{}', headers: {} }, 2_000)).resolves.toMatchObject({ statusCode: 200 });
    expect(lookups).toBe(1);
    expect(hits.vetted).toEqual([`rebind.example:${port} /hook`]);

    // The next delivery sees the rebound answer: it is refused, not sent to 127.0.0.1.
    await expect(transport.send({ url, body: '{}', headers: {} }, 2_000)).resolves.toEqual({
      error: 'destination address is not allowed (loopback)',
    });
    expect(hits.internal).toEqual([]);
    transport.onApplicationShutdown();
  });
});
