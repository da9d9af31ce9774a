import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { DEVELOPMENT_RETAILER_PUSH_SECRET, retailerAccountRef } from '@cps/domain';
import { eventually, TestPlatform, type TestTeam } from '@cps/testing';
import { createLinkToken, enableRetailer, FAST_SYNC_ENV, LinkFlowClient, SandboxAdmin } from '@cps/testing';
import { connectDb } from './support.js';

/**
 * Sync-now (issue 13): with a poll interval of an hour, an order added at the sandbox retailer reaches the API
 * within seconds only because the sandbox pushes "new orders" to the gateway (signed, Standard Webhooks) and
 * sync-service then polls that account at once. Unsigned, badly signed and malformed pushes change nothing.
 */
describe('retailer push: new orders are collected without waiting for the next poll', () => {
  let platform: TestPlatform;
  let team: TestTeam;
  let sandbox: SandboxAdmin;
  let db: pg.Client;
  const email = `push-${randomUUID().slice(0, 8)}@example.com`;
  let connectionId: string;
  let connectionToken: string;

  const purchaseCount = async () => {
    const page = await platform.api('/purchases?limit=50', {
      apiKey: team.apiKey,
      headers: { authorization: `Bearer ${connectionToken}` },
    });
    expect(page.status).toBe(200);
    return (page.body as { purchases: unknown[] }).purchases.length;
  };

  const push = (body: string, headers: Record<string, string>) =>
    fetch(`${platform.gatewayUrl}/retailer-notifications/walmart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  const signed = (body: string, secret = DEVELOPMENT_RETAILER_PUSH_SECRET, at = new Date()) => {
    const id = `msg_${randomUUID()}`;
    return {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    };
  };

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['api-gateway', 'auth-server', 'sync-service', 'sandbox-retailer'],
      // An hour between polls: only a push brings a new order in during the test.
      serviceEnv: { 'sync-service': { ...FAST_SYNC_ENV, SYNC_POLL_INTERVAL_MS: '3600000' } },
    });
    db = await connectDb(platform.databaseUrl);
    team = await platform.createTeam('Push Brand');
    sandbox = SandboxAdmin.of(platform);
    await enableRetailer(platform, team, 'walmart');
    await sandbox.createAccount('walmart', email, 'secret123');
    await sandbox.addOrders('walmart', email, { count: 2, back_date_days: 10 });
    const client = new LinkFlowClient(platform.gatewayUrl);
    const linkToken = await createLinkToken(platform, team, { customer_id: 'c-push' });
    await client.open(`/link?link_token=${linkToken}&redirect_url=${encodeURIComponent('https://brand.test/r')}`);
    const landed = await client.linkAccount('walmart', email, 'secret123');
    connectionId = landed.searchParams.get('connection_id')!;
    const token = await platform.api(`/connections/${connectionId}/token`, {
      method: 'POST',
      apiKey: team.apiKey,
      body: { scope: 'access' },
    });
    connectionToken = (token.body as { connection_token: string }).connection_token;
    // The first poll after the link backfills the history.
    await eventually(async () => expect(await purchaseCount()).toBe(2), 30_000);
  });

  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  it('refuses unsigned, wrongly signed, stale and malformed pushes, and polls nothing for them', async () => {
    const body = JSON.stringify({ account_ref: retailerAccountRef('walmart', email) });
    expect((await push(body, {})).status).toBe(401);
    const wrongSecret = `whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`;
    const forged = await push(body, signed(body, wrongSecret));
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toContain('Webhook-Signature');
    expect((await push(body, signed(body, undefined, new Date(Date.now() - 10 * 60_000)))).status).toBe(401);
    const malformed = JSON.stringify({ account_ref: email });
    const refused = await push(malformed, signed(malformed));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ detail: [{ loc: ['body', 'account_ref'] }] });

    // Signed for another account: accepted, and nothing of this account is collected.
    const other = JSON.stringify({ account_ref: retailerAccountRef('walmart', 'someone-else@example.com') });
    expect((await push(other, signed(other))).status).toBe(204);
  });

  it("collects an order within seconds of the sandbox's push, once, though the next poll is an hour away", async () => {
    const rows = (await db.query(
      `SELECT next_poll_at > now() + interval '30 minutes' AS later, account_ref
         FROM sync.collection_states WHERE connection_id = $1`,
      [connectionId],
    )) as { rows: Array<{ later: boolean; account_ref: string }> };
    expect(rows.rows[0]).toEqual({ later: true, account_ref: retailerAccountRef('walmart', email) });

    // The sandbox's admin API adds the order and the sandbox pushes for the account (SANDBOX_PUSH_URL).
    await sandbox.addOrders('walmart', email, { count: 1 });
    await eventually(async () => expect(await purchaseCount()).toBe(3), 20_000);
    // A push repeated (the retailer retried) finds nothing new: the cursor holds, nothing is stored twice.
    const body = JSON.stringify({ account_ref: retailerAccountRef('walmart', email) });
    expect((await push(body, signed(body))).status).toBe(204);
    await eventually(async () => {
      const polled = await db.query(
        `SELECT poll_requested, next_poll_at > now() + interval '30 minutes' AS later
           FROM sync.collection_states WHERE connection_id = $1`,
        [connectionId],
      );
      expect(polled.rows[0]).toEqual({ poll_requested: false, later: true });
    }, 20_000);
    expect(await purchaseCount()).toBe(3);
  });
});
