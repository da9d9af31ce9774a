import pg from 'pg';
import { eventually, TestPlatform, type TestTeam } from '@cps/testing';
import { enableRetailer, simulatedConnection } from './support/fixtures.js';

/**
 * `Idempotency-Key` over HTTP against the real services: replays, a retry after a lost reply (the service committed,
 * the gateway gave up waiting), key reuse with another request, a request still in flight, and a bad key.
 */
describe('Idempotency-Key on writes', () => {
  let platform: TestPlatform;
  let team: TestTeam;
  let db: pg.Client;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['api-gateway', 'auth-server', 'sync-service', 'sandbox-retailer', 'events-service'],
      // The gateway gives up on a reply after 1.5 s, so a held lock can make it lose one.
      serviceEnv: { 'api-gateway': { NATS_REQUEST_TIMEOUT_MS: '1500' } },
    });
    team = await platform.createTeam('Retry Brand');
    await enableRetailer(platform, team, 'walmart');
    db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  const purchase = (connectionId: string, key?: string) =>
    platform.api(`/simulated-connections/${connectionId}/purchases`, {
      method: 'POST',
      apiKey: team.apiKey,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const storedPurchases = async (connectionId: string) =>
    Number(
      (await db.query('SELECT count(*) AS n FROM sync.purchases WHERE connection_id = $1', [connectionId])).rows[0].n,
    );

  /** Holds sync.purchases so writes to it wait until `release` is called. */
  async function holdPurchases(): Promise<() => Promise<void>> {
    const locker = new pg.Client({ connectionString: platform.databaseUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE sync.purchases IN EXCLUSIVE MODE');
    return async () => {
      await locker.query('ROLLBACK');
      await locker.end();
    };
  }

  it('replays the first answer for the same key, and creates one purchase', async () => {
    const connectionId = await simulatedConnection(platform, team);
    const first = await purchase(connectionId, 'replay-1');
    const second = await purchase(connectionId, 'replay-1');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await storedPurchases(connectionId)).toBe(1);

    // Without a key every request is a new purchase; another key is another purchase.
    await purchase(connectionId);
    await purchase(connectionId, 'replay-2');
    expect(await storedPurchases(connectionId)).toBe(3);
  });

  it('keeps a token-bearing answer sealed at rest and replays it whole (issue 32, item 5)', async () => {
    const create = () =>
      platform.api('/link-tokens', {
        method: 'POST',
        apiKey: team.apiKey,
        headers: { 'idempotency-key': 'sealed-link-token' },
        body: { customer_id: 'sealed-customer' },
      });
    const first = await create();
    expect(first.status).toBe(201);
    const token = (first.body as { link_token: string }).link_token;
    expect(token).toMatch(/^lt_v1_/);
    const replay = await create();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const stored = await db.query(
      `SELECT body::text AS body FROM gateway.idempotent_requests WHERE key = 'sealed-link-token'`,
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].body).not.toContain(token);
    expect(stored.rows[0].body).not.toContain('sealed-customer');
    expect(JSON.parse(stored.rows[0].body as string)).toEqual({ sealed: expect.stringMatching(/^v1\./) });
  });

  it('returns the original object when the retry follows a lost reply', async () => {
    const connectionId = await simulatedConnection(platform, team);
    const release = await holdPurchases();
    let lost;
    try {
      lost = await purchase(connectionId, 'lost-reply');
    } finally {
      await release();
    }
    // sync-service was still working when the gateway gave up: the client saw 503 and retries.
    expect(lost.status).toBe(503);
    expect(lost.headers.get('retry-after')).toBe('1');
    await eventually(async () => expect(await storedPurchases(connectionId)).toBe(1));

    const retried = await purchase(connectionId, 'lost-reply');
    expect(retried.status).toBe(201);
    const purchaseId = (retried.body as { purchase_id: string }).purchase_id;
    const stored = await db.query('SELECT id FROM sync.purchases WHERE connection_id = $1', [connectionId]);
    expect(stored.rows).toEqual([{ id: purchaseId }]);
    expect(await purchase(connectionId, 'lost-reply')).toMatchObject({ status: 201, body: retried.body });
  });

  it('answers 409 to the same key while the first request is still running', async () => {
    const connectionId = await simulatedConnection(platform, team);
    const release = await holdPurchases();
    try {
      const first = purchase(connectionId, 'in-flight');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const second = await purchase(connectionId, 'in-flight');
      expect(second.status).toBe(409);
      expect(second.body).toEqual({
        detail: 'a request with this Idempotency-Key is still in progress; retry after it has finished',
      });
      await first;
    } finally {
      await release();
    }
  });

  it('refuses the same key with another request (422), and a malformed key', async () => {
    const create = (url: string) =>
      platform.api('/webhooks', {
        method: 'POST',
        apiKey: team.apiKey,
        headers: { 'idempotency-key': 'webhook-1' },
        body: { url, event_types: ['purchase.created'] },
      });
    expect((await create('http://127.0.0.1:9/one')).status).toBe(201);
    const reused = await create('http://127.0.0.1:9/two');
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({
      detail: [
        expect.objectContaining({
          type: 'idempotency_key_reused',
          loc: ['header', 'idempotency-key'],
          msg: 'This Idempotency-Key was used with a different request',
        }),
      ],
    });

    const tooLong = await platform.api('/webhooks', {
      method: 'POST',
      apiKey: team.apiKey,
      headers: { 'idempotency-key': 'k'.repeat(256) },
      body: { url: 'http://127.0.0.1:9/three', event_types: ['purchase.created'] },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toMatchObject({
      detail: [{ type: 'string_too_long', loc: ['header', 'idempotency-key'], ctx: { max_length: 255 } }],
    });
  });

  it('keeps keys apart per API key', async () => {
    const other = await platform.createTeam('Other Retry Brand');
    const mine = await platform.api('/webhooks', {
      method: 'POST',
      apiKey: team.apiKey,
      headers: { 'idempotency-key': 'shared-key' },
      body: { url: 'http://127.0.0.1:9/mine', event_types: ['purchase.created'] },
    });
    const theirs = await platform.api('/webhooks', {
      method: 'POST',
      apiKey: other.apiKey,
      headers: { 'idempotency-key': 'shared-key' },
      body: { url: 'http://127.0.0.1:9/mine', event_types: ['purchase.created'] },
    });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect((theirs.body as { webhook_id: string }).webhook_id).not.toBe(
      (mine.body as { webhook_id: string }).webhook_id,
    );
  });
});
