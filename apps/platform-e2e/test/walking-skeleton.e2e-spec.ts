import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { ulid } from 'ulid';
import { eventually, TestPlatform, WebhookReceiver, type ReceivedRequest, type TestTeam } from '@cps/testing';

interface WebhookBody {
  id: string;
  type: string;
  timestamp: string;
  is_simulated: boolean;
  data: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const body = (request: ReceivedRequest) => JSON.parse(request.body) as WebhookBody;
const headersOf = (request: ReceivedRequest) =>
  Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));

describe('one purchase end to end', () => {
  let platform: TestPlatform;
  let receiver: WebhookReceiver;
  let team: TestTeam;
  let secret: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      serviceEnv: { 'events-service': { WEBHOOK_RETRY_SCHEDULE: '0,1,1,2,2,2,2,2', DELIVERY_POLL_MS: '200' } },
    });
    receiver = await new WebhookReceiver().start();
    team = await platform.createTeam('Skeleton Brand');
    const created = await platform.api('/webhooks', {
      method: 'POST',
      apiKey: team.apiKey,
      body: {
        url: receiver.url,
        event_types: ['connection.activated', 'purchase.created'],
        receive_simulated_events: true,
      },
    });
    expect(created.status).toBe(201);
    secret = (created.body as { secret: string }).secret;
    expect(secret).toMatch(/^whsec_/);
  });

  afterAll(async () => {
    await receiver?.stop();
    await platform?.stop();
  });

  async function simulatedConnection(): Promise<string> {
    const response = await platform.api('/simulated-connections', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { retailer_id: 'walmart', email: 'shopper@example.com', include_purchases: false },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ retailer_id: 'walmart', status: 'active' });
    return (response.body as { connection_id: string }).connection_id;
  }

  async function simulatedPurchase(connectionId: string): Promise<{ status: number; purchaseId?: string }> {
    const response = await platform.api(`/simulated-connections/${connectionId}/purchases`, {
      method: 'POST',
      apiKey: team.apiKey,
    });
    return { status: response.status, purchaseId: (response.body as { purchase_id?: string }).purchase_id };
  }

  const purchaseDeliveries = (purchaseId: string) =>
    receiver.ofType('purchase.created').filter((request) => body(request).data.purchase?.purchase_id === purchaseId);

  it('delivers connection.activated and purchase.created, signed with Standard Webhooks', async () => {
    const connectionId = await simulatedConnection();
    const { status, purchaseId } = await simulatedPurchase(connectionId);
    expect(status).toBe(201);

    const [activation] = await eventually(() => {
      const found = receiver
        .ofType('connection.activated')
        .filter((request) => body(request).data.connection?.connection_id === connectionId);
      if (found.length === 0) throw new Error('no connection.activated yet');
      return found;
    });
    const [purchase] = await eventually(() => {
      const found = purchaseDeliveries(purchaseId!);
      if (found.length === 0) throw new Error('no purchase.created yet');
      return found;
    });

    const webhook = new Webhook(secret);
    for (const request of [activation!, purchase!]) {
      expect(() => webhook.verify(request.body, headersOf(request))).not.toThrow();
      expect(request.headers['webhook-id']).toBe(body(request).id);
    }
    expect(() =>
      new Webhook(`whsec_${Buffer.from('wrong-secret-wrong-secret').toString('base64')}`).verify(
        purchase!.body,
        headersOf(purchase!),
      ),
    ).toThrow();

    expect(body(activation!)).toMatchObject({
      type: 'connection.activated',
      is_simulated: true,
      data: { connection: { connection_id: connectionId, retailer_id: 'walmart', status: 'active' } },
    });
    const delivered = body(purchase!).data.purchase;
    expect(delivered).toMatchObject({ purchase_id: purchaseId, connection_id: connectionId, retailer_id: 'walmart' });
    expect(delivered.items.length).toBeGreaterThan(0);
  });

  it('keeps retrying through a kill -9 of events-service, with the same webhook-id on every attempt', async () => {
    receiver.answer(503);
    const connectionId = await simulatedConnection();
    const { purchaseId } = await simulatedPurchase(connectionId);
    await eventually(() => {
      if (purchaseDeliveries(purchaseId!).length === 0) throw new Error('no attempt yet');
    });

    const events = platform.platform.service('events-service');
    await events.kill();
    events.start();
    await events.waitReady();
    await eventually(() => {
      if (purchaseDeliveries(purchaseId!).length < 3) throw new Error('fewer than 3 attempts');
    });
    receiver.answer(200);

    const attempts = await eventually(() => {
      const found = purchaseDeliveries(purchaseId!);
      if (!found.some((request) => request.status === 200)) throw new Error('not delivered yet');
      return found;
    }, 30_000);
    expect(new Set(attempts.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(attempts.filter((request) => request.status === 200)).toHaveLength(1);
  });

  it('records every attempt, and disables a webhook whose endpoint answers 410 Gone', async () => {
    const gone = await new WebhookReceiver().start();
    try {
      gone.answer(410);
      const created = await platform.api('/webhooks', {
        method: 'POST',
        apiKey: team.apiKey,
        body: { url: gone.url, event_types: ['purchase.created'], receive_simulated_events: true },
      });
      expect(created.status).toBe(201);
      const webhookId = (created.body as { webhook_id: string }).webhook_id;
      const { purchaseId } = await simulatedPurchase(await simulatedConnection());
      const deliveries = await eventually(async () => {
        const listed = await platform.api(`/webhooks/${webhookId}/deliveries`, { apiKey: team.apiKey });
        const found = (listed.body as { deliveries: Array<Record<string, unknown>> }).deliveries;
        if (!found.some((delivery) => delivery.status === 'failed')) throw new Error('not failed yet');
        return found;
      });
      expect(deliveries).toEqual([
        expect.objectContaining({ status: 'failed', attempts: 1, last_status_code: 410, next_attempt_at: null }),
      ]);
      expect(gone.ofType('purchase.created').map((request) => body(request).data.purchase.purchase_id)).toEqual([
        purchaseId,
      ]);
      const webhook = await platform.api(`/webhooks/${webhookId}`, { apiKey: team.apiKey });
      expect(webhook.body).toMatchObject({ webhook_id: webhookId, is_active: false });
    } finally {
      await gone.stop();
    }
  });

  it('loses no event when NATS is down for ten seconds', async () => {
    const connectionId = await simulatedConnection();
    const before = await simulatedPurchase(connectionId);
    expect(before.status).toBe(201);

    const [template] = await eventually(() => {
      const found = purchaseDeliveries(before.purchaseId!);
      if (found.length === 0) throw new Error('not delivered yet');
      return found;
    });

    await platform.nats.stop();
    const duringOutage = await simulatedPurchase(connectionId);
    expect(duringOutage.status).toBe(503);
    await eventually(async () => expect((await fetch(`${platform.gatewayUrl}/readyz`)).status).toBe(503));

    // A purchase committed by sync-service while NATS is down: its event waits in the outbox.
    const heldId = ulid();
    const purchase = { ...body(template!).data.purchase, purchase_id: heldId };
    for (const item of purchase.items) item.product = null;
    const db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
    try {
      await db.query('INSERT INTO sync.outbox (id, subject, envelope) VALUES ($1, $2, $3)', [
        heldId,
        'sync.purchase.collected.v1',
        {
          id: heldId,
          subject: 'sync.purchase.collected.v1',
          occurredAt: new Date().toISOString(),
          correlationId: heldId,
          teamId: team.teamId,
          data: { purchase },
        },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const held = await db.query('SELECT published_at FROM sync.outbox WHERE id = $1', [heldId]);
      expect(held.rows[0].published_at).toBeNull();
      await platform.nats.start();
      await eventually(async () => {
        const published = await db.query('SELECT published_at FROM sync.outbox WHERE id = $1', [heldId]);
        expect(published.rows[0].published_at).not.toBeNull();
      }, 30_000);
    } finally {
      await db.end();
    }

    // Services reconnect on their own: the API answers again and the event sent just before the outage arrives.
    const after = await eventually(async () => {
      const attempt = await simulatedPurchase(connectionId);
      if (attempt.status !== 201) throw new Error(`status ${attempt.status}`);
      return attempt;
    }, 30_000);
    for (const purchaseId of [heldId, after.purchaseId!]) {
      await eventually(() => {
        if (purchaseDeliveries(purchaseId).length === 0) throw new Error(`${purchaseId} not delivered`);
      }, 30_000);
    }
    for (const service of platform.platform.processes.values()) await service.waitReady(10_000);
  });
});
