import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { TestPlatform, type TestTeam } from '@cps/testing';

// events-service as in production: no private host allowlisted (the harness's default is loopback).
describe('events-service: webhooks to private addresses are refused (OUTBOUND_ALLOW_PRIVATE_HOSTS empty)', () => {
  let platform: TestPlatform;
  let team: TestTeam;
  let receiver: Server;
  let receiverUrl: string;
  let hits = 0;

  beforeAll(async () => {
    receiver = createServer((_req, res) => {
      hits += 1;
      res.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    platform = await TestPlatform.start({
      services: ['auth-server', 'events-service', 'api-gateway'],
      serviceEnv: { 'events-service': { OUTBOUND_ALLOW_PRIVATE_HOSTS: '' } },
    });
    team = await platform.createTeam('Outbound guard');
  });
  afterAll(async () => {
    await platform?.stop();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const refusal = (url: string, category: string) => ({
    status: 422,
    body: {
      detail: [
        {
          loc: ['body', 'url'],
          msg: `URL must not point to a private or internal address (${category}); private/internal addresses are not allowed`,
          type: 'value_error',
          input: url,
        },
      ],
    },
  });

  it.each([
    ['a loopback receiver', () => receiverUrl, 'loopback'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', 'link-local or cloud metadata'],
    ['an IPv4-mapped private address', () => 'http://[::ffff:10.0.0.1]/hooks', 'private network'],
    ['localhost by name', () => 'http://localhost:9/hooks', 'loopback'],
  ])('POST /webhooks refuses %s with 422 on body.url', async (_name, url, category) => {
    const response = await platform.api('/webhooks', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { url: url(), event_types: ['purchase.created'] },
    });
    expect({ status: response.status, body: response.body }).toEqual(refusal(url(), category));
  });

  it('PATCH /webhooks/{id} refuses a private url and keeps the old one', async () => {
    const created = await platform.api('/webhooks', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { url: 'https://hooks.example.com/x', event_types: ['purchase.created'] },
    });
    expect(created.status).toBe(201);
    const { webhook_id } = created.body as { webhook_id: string };
    const patched = await platform.api(`/webhooks/${webhook_id}`, {
      method: 'PATCH',
      apiKey: team.apiKey,
      body: { url: receiverUrl },
    });
    expect({ status: patched.status, body: patched.body }).toEqual(refusal(receiverUrl, 'loopback'));
    const stored = await platform.api(`/webhooks/${webhook_id}`, { apiKey: team.apiKey });
    expect(stored.body).toMatchObject({ url: 'https://hooks.example.com/x' });
    expect(hits).toBe(0);
  });
});
