import { TestPlatform, WebhookReceiver, eventually, type ReceivedRequest, type TestTeam } from '@cps/testing';

const body = (request: ReceivedRequest) =>
  JSON.parse(request.body) as { id: string; type: string; data: { purchase?: { purchase_id: string } } };

/** `messages_total` of one subject and kind at one process's /metrics. */
async function handled(url: string, kind: string, subject: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('messages_total{') && line.includes(`kind="${kind}"`) && line.includes(`subject="${subject}"`))
      total += Number(line.split(' ').pop());
  }
  return total;
}

/**
 * Two processes each of api-gateway, sync-service and events-service on one database and one NATS: purchases
 * created through both gateways under concurrent load reach the brand's webhook exactly once each.
 */
describe('scale-out: two replicas of the gateway, sync and events', () => {
  const CONNECTIONS = 6;
  const PURCHASES_PER_CONNECTION = 6;
  let platform: TestPlatform;
  let receiver: WebhookReceiver;
  let team: TestTeam;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      replicas: { 'api-gateway': 2, 'sync-service': 2, 'events-service': 2 },
      serviceEnv: { 'events-service': { WEBHOOK_RETRY_SCHEDULE: '0,1,1,2,2,2,2,2', DELIVERY_POLL_MS: '200' } },
    });
    receiver = await new WebhookReceiver().start();
    team = await platform.createTeam('Scale Brand');
    const created = await platform.api('/webhooks', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { url: receiver.url, event_types: ['purchase.created'], receive_simulated_events: true },
    });
    expect(created.status).toBe(201);
  });

  afterAll(async () => {
    await receiver?.stop();
    await platform?.stop();
  });

  it('runs every replica on a port of its own', () => {
    for (const name of ['api-gateway', 'sync-service', 'events-service']) {
      const replicas = platform.platform.replicas(name);
      expect(replicas).toHaveLength(2);
      expect(new Set(replicas.map((replica) => replica.url)).size).toBe(2);
    }
  });

  it('delivers every purchase.created exactly once under concurrent load through both gateways', async () => {
    const gateways = platform.platform.replicas('api-gateway').map((replica) => replica.url);
    const post = async (gateway: string, path: string, body?: unknown) => {
      const response = await fetch(`${gateway}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': team.apiKey, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, string> };
    };
    const connections = await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, index) => {
        const created = await post(gateways[index % 2], '/simulated-connections', {
          retailer_id: 'walmart',
          email: `shopper${index}@example.com`,
          include_purchases: false,
        });
        expect(created.status).toBe(201);
        return created.body.connection_id;
      }),
    );
    const purchases = await Promise.all(
      connections.flatMap((connectionId, c) =>
        Array.from({ length: PURCHASES_PER_CONNECTION }, async (_, p) => {
          const created = await post(gateways[(c + p) % 2], `/simulated-connections/${connectionId}/purchases`);
          expect(created.status).toBe(201);
          return created.body.purchase_id;
        }),
      ),
    );
    expect(new Set(purchases).size).toBe(CONNECTIONS * PURCHASES_PER_CONNECTION);

    const deliveredIds = () =>
      receiver.ofType('purchase.created').map((request) => body(request).data.purchase?.purchase_id);
    await eventually(() => {
      const delivered = new Set(deliveredIds());
      const missing = purchases.filter((id) => !delivered.has(id));
      if (missing.length) throw new Error(`${missing.length} purchases not delivered yet`);
    }, 60_000);
    // A second delivery would come from the other replica within a few poll intervals: give it the chance.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const counts = new Map<string, number>();
    for (const id of deliveredIds()) counts.set(id!, (counts.get(id!) ?? 0) + 1);
    expect([...counts.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    expect(counts.size).toBe(purchases.length);
    const webhookIds = receiver.ofType('purchase.created').map((request) => body(request).id);
    expect(new Set(webhookIds).size).toBe(webhookIds.length);

    // Both sync-service replicas answered simulator requests (NATS queue group spreads them).
    const perSync = await Promise.all(
      platform.platform
        .replicas('sync-service')
        .map((replica) => handled(replica.url, 'rpc', 'sync.create-simulated-purchase.v1')),
    );
    expect(perSync.every((count) => count > 0)).toBe(true);
    expect(perSync.reduce((a, b) => a + b, 0)).toBe(purchases.length);
  });
});
