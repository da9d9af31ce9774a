import { eventually, TestPlatform, WebhookReceiver, type ReceivedRequest, type TestTeam } from '@cps/testing';
import type pg from 'pg';
import { enableRetailer, FAST_EVENTS_ENV } from '@cps/testing';
import { connectDb } from './support.js';

interface WebhookBody {
  type: string;
  is_simulated: boolean;
  data: {
    connection?: { connection_id: string; status: string };
    first_activation?: boolean;
    purchase?: { purchase_id: string; connection_id: string };
  };
}

const bodyOf = (request: ReceivedRequest) => JSON.parse(request.body) as WebhookBody;

describe('simulator: status changes, deletion and the purge of old simulated data', () => {
  let platform: TestPlatform;
  let simulated: WebhookReceiver;
  let production: WebhookReceiver;
  let team: TestTeam;
  let db: pg.Client;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      serviceEnv: {
        'sync-service': { SIMULATED_DATA_PURGE_INTERVAL_MS: '1000' },
        'events-service': FAST_EVENTS_ENV,
      },
    });
    simulated = await new WebhookReceiver().start();
    production = await new WebhookReceiver().start();
    db = await connectDb(platform.databaseUrl);
    team = await platform.createTeam('Simulator Brand');
    await enableRetailer(platform, team, 'walmart');
    const eventTypes = ['connection.activated', 'purchase.created', 'connection.unauthenticated'];
    for (const [receiver, receiveSimulated] of [
      [simulated, true],
      [production, false],
    ] as const) {
      const created = await platform.api('/webhooks', {
        method: 'POST',
        apiKey: team.apiKey,
        body: { url: receiver.url, event_types: eventTypes, receive_simulated_events: receiveSimulated },
      });
      expect(created.status).toBe(201);
    }
  });

  afterAll(async () => {
    await db?.end();
    await simulated?.stop();
    await production?.stop();
    await platform?.stop();
  });

  const events = (type: string, connectionId: string) =>
    simulated
      .ofType(type)
      .map(bodyOf)
      .filter((body) => (body.data.connection?.connection_id ?? body.data.purchase?.connection_id) === connectionId);

  async function simulatedConnection(): Promise<string> {
    const response = await platform.api('/simulated-connections', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { retailer_id: 'walmart', include_purchases: false },
    });
    expect(response.status).toBe(201);
    return (response.body as { connection_id: string }).connection_id;
  }

  const patch = (connectionId: string, body: unknown) =>
    platform.api(`/simulated-connections/${connectionId}`, { method: 'PATCH', apiKey: team.apiKey, body });

  it('moves a simulated connection to unauthenticated and back, emitting flagged events', async () => {
    const id = await simulatedConnection();
    const lost = await patch(id, { status: 'unauthenticated' });
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({ connection_id: id, status: 'unauthenticated' });
    const [unauthenticated] = await eventually(() => {
      const found = events('connection.unauthenticated', id);
      if (found.length === 0) throw new Error('no connection.unauthenticated yet');
      return found;
    });
    expect(unauthenticated).toMatchObject({ is_simulated: true, data: { connection: { status: 'unauthenticated' } } });

    expect((await patch(id, { status: 'unauthenticated' })).status).toBe(200); // unchanged: no event
    const back = await patch(id, { status: 'active' });
    expect(back.body).toMatchObject({ status: 'active' });
    const activations = await eventually(() => {
      const found = events('connection.activated', id);
      if (found.length < 2) throw new Error('no re-activation yet');
      return found;
    });
    expect(activations.map((body) => [body.is_simulated, body.data.first_activation])).toEqual([
      [true, true],
      [true, false],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(events('connection.unauthenticated', id)).toHaveLength(1);
    // Destinations that do not accept simulated events get none of them.
    expect(production.requests).toHaveLength(0);

    const log = await platform.api(`/connections/${id}/activity`, { apiKey: team.apiKey });
    expect((log.body as { activity: Array<{ event: string; event_source: string }> }).activity.slice(0, 2)).toEqual([
      expect.objectContaining({ event: 'connection_reauthenticated', event_source: 'API' }),
      expect.objectContaining({ event: 'connection_unauthenticated', event_source: 'API' }),
    ]);
  });

  it('refuses other statuses with 422 and real or unknown connections with 404', async () => {
    const id = await simulatedConnection();
    for (const status of ['disconnected', 'initialized', 'revoked', 'ACTIVE']) {
      const refused = await patch(id, { status });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ detail: [expect.objectContaining({ loc: ['body', 'status'] })] });
    }
    const real = await platform.api('/connections', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { customer_id: 'real-1', retailer_id: 'walmart' },
    });
    const realId = (real.body as { connection_id: string }).connection_id;
    expect((await patch(realId, { status: 'unauthenticated' })).status).toBe(404);
    expect((await patch('01JUNKNOWN0000000000000000', { status: 'active' })).status).toBe(404);
    expect(
      (await platform.api(`/simulated-connections/${realId}`, { method: 'DELETE', apiKey: team.apiKey })).status,
    ).toBe(404);

    const disconnected = await platform.api(`/connections/${id}`, {
      method: 'PATCH',
      apiKey: team.apiKey,
      body: { status: 'disconnected' },
    });
    expect(disconnected.status).toBe(200);
    expect((await patch(id, { status: 'active' })).status).toBe(409);
  });

  it('deletes a simulated connection: 204, then 404', async () => {
    const id = await simulatedConnection();
    const remove = () => platform.api(`/simulated-connections/${id}`, { method: 'DELETE', apiKey: team.apiKey });
    expect((await remove()).status).toBe(204);
    expect((await platform.api(`/connections/${id}`, { apiKey: team.apiKey })).status).toBe(404);
    expect((await remove()).status).toBe(404);
  });

  it('purges simulated data older than 30 days from sync, matching and events, and nothing else', async () => {
    const old = await simulatedConnection();
    const young = await simulatedConnection();
    const purchases: Record<string, string> = {};
    for (const id of [old, young]) {
      const created = await platform.api(`/simulated-connections/${id}/purchases`, {
        method: 'POST',
        apiKey: team.apiKey,
      });
      expect(created.status).toBe(201);
      purchases[id] = (created.body as { purchase_id: string }).purchase_id;
    }
    const real = await platform.api('/connections', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { customer_id: 'real-old', retailer_id: 'walmart' },
    });
    const realId = (real.body as { connection_id: string }).connection_id;
    // Matched and delivered first, so there is something to purge in every service.
    await eventually(() => {
      if (events('purchase.created', old).length === 0 || events('purchase.created', young).length === 0) {
        throw new Error('purchases not delivered yet');
      }
    });
    const count = async (sql: string, values: unknown[]) => Number((await db.query(sql, values)).rows[0].count);
    expect(
      await count(`SELECT count(*) FROM matching.item_matches WHERE purchase_id = $1`, [purchases[old]]),
    ).toBeGreaterThan(0);

    await db.query(`UPDATE sync.connections SET created_at = now() - interval '31 days' WHERE id = ANY($1)`, [
      [old, realId],
    ]);
    await db.query(`UPDATE sync.purchases SET created_at = now() - interval '31 days' WHERE connection_id = $1`, [old]);

    await eventually(async () => {
      if ((await count(`SELECT count(*) FROM sync.connections WHERE id = $1`, [old])) > 0) {
        throw new Error('old simulated connection still there');
      }
      if ((await count(`SELECT count(*) FROM matching.item_matches WHERE purchase_id = $1`, [purchases[old]])) > 0) {
        throw new Error('matches of the purged purchase still there');
      }
      const webhookEvents = await count(
        `SELECT count(*) FROM events.webhook_events
          WHERE payload -> 'data' -> 'connection' ->> 'connection_id' = $1
             OR payload -> 'data' -> 'purchase' ->> 'connection_id' = $1`,
        [old],
      );
      if (webhookEvents > 0) throw new Error('webhook events of the purged connection still there');
    }, 30_000);
    expect(await count(`SELECT count(*) FROM sync.purchases WHERE connection_id = $1`, [old])).toBe(0);
    expect(await count(`SELECT count(*) FROM sync.connection_activity WHERE connection_id = $1`, [old])).toBe(0);
    // Younger simulated data and real data stay.
    expect(await count(`SELECT count(*) FROM sync.purchases WHERE id = $1`, [purchases[young]])).toBe(1);
    expect(
      await count(`SELECT count(*) FROM matching.item_matches WHERE purchase_id = $1`, [purchases[young]]),
    ).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) FROM sync.connections WHERE id = $1`, [realId])).toBe(1);
    expect((await platform.api(`/connections/${young}`, { apiKey: team.apiKey })).status).toBe(200);
  });
});
