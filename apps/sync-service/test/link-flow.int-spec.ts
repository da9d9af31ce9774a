import { SyncContracts } from '@cps/contracts';
import { eventually, TestPlatform, WebhookReceiver, type ReceivedRequest, type TestTeam } from '@cps/testing';
import type pg from 'pg';
import {
  createLinkToken,
  enableRetailer,
  FAST_EVENTS_ENV,
  FAST_SYNC_ENV,
  LinkFlowClient,
  SandboxAdmin,
} from '@cps/testing';
import { connectDb } from './support.js';

interface WebhookBody {
  id: string;
  type: string;
  is_simulated: boolean;
  data: {
    connection?: { connection_id: string; status: string; tags: Record<string, string> };
    first_activation?: boolean;
    purchase?: { purchase_id: string; connection_id: string; items: unknown[]; is_simulated: boolean };
  };
}

const bodyOf = (request: ReceivedRequest) => JSON.parse(request.body) as WebhookBody;

describe('hosted link flow and purchase sync (sandbox retailer, real services)', () => {
  let platform: TestPlatform;
  let receiver: WebhookReceiver;
  let sandbox: SandboxAdmin;
  let team: TestTeam;
  let db: pg.Client;
  const links: Record<string, string> = {};

  beforeAll(async () => {
    platform = await TestPlatform.start({
      serviceEnv: { 'sync-service': FAST_SYNC_ENV, 'events-service': FAST_EVENTS_ENV },
    });
    receiver = await new WebhookReceiver().start();
    sandbox = SandboxAdmin.of(platform);
    db = await connectDb(platform.databaseUrl);
    team = await platform.createTeam('Linking Brand');
    links.walmart = await enableRetailer(platform, team, 'walmart');
    links.target = await enableRetailer(platform, team, 'target', {
      link_visibility: 'restricted',
      link_audience: { allowed_emails: ['vip@else.test'], allowed_domains: ['brand.test'] },
    });
    links.costco = await enableRetailer(platform, team, 'costco', { link_visibility: 'hidden' });
    const webhook = await platform.api('/webhooks', {
      method: 'POST',
      apiKey: team.apiKey,
      body: {
        url: receiver.url,
        event_types: ['connection.activated', 'purchase.created', 'connection.unauthenticated'],
      },
    });
    expect(webhook.status).toBe(201);
  });

  afterAll(async () => {
    await db?.end();
    await receiver?.stop();
    await platform?.stop();
  });

  const webhooks = (type: string, connectionId: string) =>
    receiver
      .ofType(type)
      .map(bodyOf)
      .filter((body) => (body.data.connection?.connection_id ?? body.data.purchase?.connection_id) === connectionId);

  async function waitForPurchases(connectionId: string, count: number, timeoutMs = 30_000): Promise<WebhookBody[]> {
    return eventually(() => {
      const found = webhooks('purchase.created', connectionId);
      if (found.length < count) throw new Error(`${found.length} of ${count} purchase.created so far`);
      return found;
    }, timeoutMs);
  }

  async function connection(connectionId: string) {
    const response = await platform.api(`/connections/${connectionId}`, { apiKey: team.apiKey });
    expect(response.status).toBe(200);
    return response.body as { status: string; tags: Record<string, string>; customer_id: string };
  }

  async function activity(connectionId: string) {
    const response = await platform.api(`/connections/${connectionId}/activity`, { apiKey: team.apiKey });
    expect(response.status).toBe(200);
    return (response.body as { activity: Array<{ event: string; event_source: string }> }).activity;
  }

  describe('retailer selection', () => {
    it('never lists hidden retailers, and lists restricted ones only for their audience', async () => {
      const outsider = new LinkFlowClient(platform.gatewayUrl);
      const outsiderToken = await createLinkToken(platform, team, { customer_id: 'c-out', email: 'jo@else.test' });
      await outsider.open(`/link?link_token=${outsiderToken}`);
      expect(outsider.listedRetailers()).toEqual(['walmart']);

      const byDomain = new LinkFlowClient(platform.gatewayUrl);
      const domainToken = await createLinkToken(platform, team, { customer_id: 'c-dom', email: 'Ann@Brand.test' });
      await byDomain.open(`/link?link_token=${domainToken}`);
      expect(byDomain.listedRetailers().sort()).toEqual(['target', 'walmart']);

      const byEmail = new LinkFlowClient(platform.gatewayUrl);
      const emailToken = await createLinkToken(platform, team, { customer_id: 'c-vip', email: 'vip@else.test' });
      await byEmail.open(`/link?link_token=${emailToken}`);
      expect(byEmail.listedRetailers().sort()).toEqual(['target', 'walmart']);

      const anonymous = new LinkFlowClient(platform.gatewayUrl);
      await anonymous.open(`/link?link_token=${await createLinkToken(platform, team, { customer_id: 'c-anon' })}`);
      expect(anonymous.listedRetailers()).toEqual(['walmart']);
    });

    it('refuses a retailer the page did not list, even when posted by hand', async () => {
      const client = new LinkFlowClient(platform.gatewayUrl);
      await client.open(
        `/link?link_token=${await createLinkToken(platform, team, { customer_id: 'c-x', email: 'jo@else.test' })}`,
      );
      for (const retailer of ['costco', 'target', 'amazon']) {
        const page = await client.submit('retailer', { retailer_id: retailer });
        expect(page.status).toBe(404);
        await client.open('/link');
      }
      expect(client.listedRetailers()).toEqual(['walmart']);
    });

    it("opens a hidden retailer's link_url straight at its consent step, then its sign-in page", async () => {
      const client = new LinkFlowClient(platform.gatewayUrl);
      await client.open(`/link/${links.costco}?redirect_url=${encodeURIComponent('https://brand.test/back')}`);
      expect(client.page.status).toBe(200);
      expect(client.atConsent).toBe(true);
      expect(client.text()).toContain('your Costco purchases');
      await client.consent();
      expect(client.text()).toContain('Sign in to Costco');
      expect(client.listedRetailers()).toEqual([]);
    });
  });

  describe("a retailer's public link_url and its redirect_url (issue 32, item 7)", () => {
    const exitFrom = async (redirectUrl: string) => {
      const client = new LinkFlowClient(platform.gatewayUrl);
      await client.open(`/link/${links.costco}?redirect_url=${encodeURIComponent(redirectUrl)}`);
      expect(client.page.status).toBe(200);
      return client.submit('exit', {});
    };

    it('never sends the shopper to an origin the brand did not register (none by default): a page instead', async () => {
      const page = await exitFrom('https://evil.example/phish');
      expect(page.exitedTo).toBeNull();
      expect(page.status).toBe(200);
      expect(page.html).toContain('Nothing was linked');
    });

    it('returns to a registered origin, and only to it', async () => {
      await platform.admin.setTeamSharing({ teamId: team.teamId, redirectOrigins: ['https://brand.test'] });
      try {
        // The gateway drops its cached brand profile on auth.team-profile.changed.v1, shortly after the change.
        const back = await eventually(async () => {
          const page = await exitFrom('https://brand.test/back?x=1');
          if (!page.exitedTo) throw new Error('not returned yet');
          return page;
        });
        expect(back.exitedTo?.origin).toBe('https://brand.test');
        expect(back.exitedTo?.searchParams.get('link_result')).toBe('cancelled');
        expect((await exitFrom('https://brand.test.evil.example/')).exitedTo).toBeNull();
      } finally {
        await platform.admin.setTeamSharing({ teamId: team.teamId, redirectOrigins: [] });
      }
    });
  });

  describe('pages', () => {
    it('trades the token for an HttpOnly cookie and leaves no token in the address', async () => {
      const token = await createLinkToken(platform, team, { customer_id: 'c-url', email: 'jo@else.test' });
      const first = await fetch(`${platform.gatewayUrl}/link?link_token=${token}&redirect_url=https://brand.test/x`, {
        redirect: 'manual',
      });
      expect(first.status).toBe(303);
      expect(first.headers.get('location')).toBe('/link');
      const cookie = first.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^cps_link=[^;]+; Path=\/link; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
      expect(cookie).not.toContain(token);
      expect(first.headers.get('referrer-policy')).toBe('same-origin');
      const page = await fetch(`${platform.gatewayUrl}/link`, { headers: { cookie: cookie.split(';')[0]! } });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      const html = await page.text();
      expect(html).toContain('<meta name="viewport"');
      expect(html).not.toContain(token);
    });

    it('refuses form posts without the CSRF token or from another site', async () => {
      const client = new LinkFlowClient(platform.gatewayUrl);
      await client.open(`/link?link_token=${await createLinkToken(platform, team, { customer_id: 'c-csrf' })}`);
      expect((await client.postRaw('retailer', { retailer_id: 'walmart' })).status).toBe(403);
      const csrf = /name="csrf" value="([^"]+)"/.exec(client.page.html)![1]!;
      const crossSite = await client.postRaw(
        'retailer',
        { retailer_id: 'walmart', csrf },
        { origin: 'https://evil.example' },
      );
      expect(crossSite.status).toBe(403);
      expect((await client.submit('retailer', { retailer_id: 'walmart' })).status).toBe(200);
      expect(client.atConsent).toBe(true);
      expect((await client.postRaw('consent', { history_window_days: '365' })).status).toBe(403);
      await client.consent();
      expect(client.text()).toContain('Sign in to Walmart');
    });

    it('shows an error page for unknown, revoked and malformed links', async () => {
      const client = new LinkFlowClient(platform.gatewayUrl);
      expect((await client.open(`/link?link_token=lt_v1_${'x'.repeat(43)}`)).status).toBe(404);
      expect(client.text()).toContain('expired or is not valid');
      expect((await client.open('/link/ZZZZZZZZZZ')).status).toBe(404);
      const token = await createLinkToken(platform, team, { customer_id: 'c-rev' });
      expect((await platform.api(`/link-tokens/${token}`, { method: 'DELETE', apiKey: team.apiKey })).status).toBe(204);
      expect((await client.open(`/link?link_token=${token}`)).status).toBe(410);
      const valid = await createLinkToken(platform, team, { customer_id: 'c-bad' });
      expect((await client.open(`/link?link_token=${valid}&redirect_url=javascript:alert(1)`)).status).toBe(400);
      expect((await client.open('/link')).status).toBe(404);
    });

    it('asks again after a wrong password, and exits with link_result=cancelled', async () => {
      await sandbox.createAccount('walmart', 'wrong@else.test', 'right password');
      const client = new LinkFlowClient(platform.gatewayUrl);
      const token = await createLinkToken(platform, team, { customer_id: 'c-wrong', email: 'wrong@else.test' });
      await client.open(`/link?link_token=${token}&redirect_url=${encodeURIComponent('https://brand.test/done?u=1')}`);
      await client.submit('retailer', { retailer_id: 'walmart' });
      await client.consent();
      await client.submit('sign-in', { email: 'wrong@else.test', password: 'not it' });
      expect(client.text()).toContain('did not work at Walmart');
      expect(client.page.html).toContain('role="alert"');
      await client.submit('exit', {});
      expect(client.page.exitedTo?.toString()).toBe('https://brand.test/done?u=1&link_result=cancelled');
      expect(client.hasCookie).toBe(false);
    });
  });

  it('links an account with a one-time code, backfills its history and collects a new order by itself', async () => {
    const { one_time_code } = await sandbox.createAccount('walmart', 'shopper@else.test', 'correct horse', true);
    await sandbox.addOrders('walmart', 'shopper@else.test', { count: 3, back_date_days: 60 });
    const token = await createLinkToken(platform, team, {
      customer_id: 'cust-otp',
      email: 'shopper@else.test',
      tags: { campaign: 'spring' },
    });
    const client = new LinkFlowClient(platform.gatewayUrl);
    await client.open(`/link?link_token=${token}&redirect_url=${encodeURIComponent('https://brand.test/linked')}`);
    await client.submit('retailer', { retailer_id: 'walmart' });
    await client.consent();
    await client.submit('sign-in', { email: 'shopper@else.test', password: 'correct horse' });
    expect(client.text()).toContain('Enter your one-time code');
    await client.submit('code', { code: '000000' === one_time_code ? '111111' : '000000' });
    expect(client.text()).toContain('That code is not right');
    await client.submit('code', { code: one_time_code! });
    expect(client.text()).toContain('Your Walmart account is linked');
    await client.submit('exit', {});
    const exit = client.page.exitedTo!;
    expect(exit.origin + exit.pathname).toBe('https://brand.test/linked');
    expect(exit.searchParams.get('link_result')).toBe('success');
    const connectionId = exit.searchParams.get('connection_id')!;

    expect(await connection(connectionId)).toMatchObject({
      status: 'active',
      customer_id: 'cust-otp',
      tags: { campaign: 'spring' },
    });
    expect((await activity(connectionId)).map((entry) => [entry.event, entry.event_source])).toEqual([
      ['connection_activated', 'Consumer'],
      ['connection_created', 'Consumer'],
    ]);
    const [activated] = await eventually(() => {
      const found = webhooks('connection.activated', connectionId);
      if (found.length === 0) throw new Error('no connection.activated yet');
      return found;
    });
    expect(activated).toMatchObject({ is_simulated: false, data: { first_activation: true } });

    // The history arrives as one purchase.created per order.
    const history = await waitForPurchases(connectionId, 3);
    expect(history.every((body) => body.data.purchase!.items.length > 0 && !body.is_simulated)).toBe(true);

    // A new order at the retailer reaches the webhook receiver with no other action.
    await sandbox.addOrders('walmart', 'shopper@else.test', { count: 1 });
    const all = await waitForPurchases(connectionId, 4);
    expect(new Set(all.map((body) => body.data.purchase!.purchase_id)).size).toBe(4);

    // What the dashboard shows of it: the last good collection, the next one, no error; found by its tag.
    const ref = { teamId: team.teamId, connectionId };
    const collection = await eventually(async () => {
      const state = await platform.admin.request(SyncContracts.getConnectionCollection, ref);
      expect(state.last_succeeded_at).not.toBeNull();
      return state;
    });
    expect(collection).toMatchObject({ collected: true, consecutive_failures: 0, last_error: null });
    expect(Date.parse(collection.next_poll_at!)).toBeGreaterThan(Date.parse(collection.last_succeeded_at!));
    const tagged = await platform.admin.request(SyncContracts.listConnections, {
      teamId: team.teamId,
      tag: 'campaign:spring',
    });
    expect(tagged.connections.map((found) => found.connection_id)).toContain(connectionId);
    const untagged = await platform.admin.request(SyncContracts.listConnections, {
      teamId: team.teamId,
      tag: 'campaign:autumn',
    });
    expect(untagged.connections).toEqual([]);
    await expect(
      platform.admin.request(SyncContracts.getConnectionCollection, { teamId: 'another-team', connectionId }),
    ).rejects.toMatchObject({ status: 404 });

    // ... and GET /purchases with a connection token.
    const issued = await platform.api(`/connections/${connectionId}/token`, {
      method: 'POST',
      apiKey: team.apiKey,
      body: { scope: 'access' },
    });
    expect(issued.status).toBe(200);
    const listed = await platform.api('/purchases?limit=50', {
      apiKey: team.apiKey,
      headers: { authorization: `Bearer ${(issued.body as { connection_token: string }).connection_token}` },
    });
    expect(listed.status).toBe(200);
    const purchases = (listed.body as { purchases: Array<{ purchase_id: string }> }).purchases;
    expect(purchases.map((p) => p.purchase_id).sort()).toEqual(all.map((b) => b.data.purchase!.purchase_id).sort());

    // Later polls publish nothing twice.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(webhooks('purchase.created', connectionId)).toHaveLength(4);
    const stored = await db.query(
      `SELECT credentials_sealed, session_sealed FROM sync.collection_states WHERE connection_id = $1`,
      [connectionId],
    );
    expect(JSON.stringify(stored.rows)).not.toContain('correct horse');
  });

  it('re-signs in after an expired session, marks the connection unauthenticated when that fails, and re-links it', async () => {
    const email = 'renew@else.test';
    await sandbox.createAccount('walmart', email, 'first password');
    await sandbox.addOrders('walmart', email, { count: 2, back_date_days: 30 });
    const token = await createLinkToken(platform, team, { customer_id: 'cust-renew', email });
    const client = new LinkFlowClient(platform.gatewayUrl);
    await client.open(`/link?link_token=${token}&redirect_url=${encodeURIComponent('https://brand.test/r')}`);
    const exit = await client.linkAccount('walmart', email, 'first password');
    const connectionId = exit.searchParams.get('connection_id')!;
    await waitForPurchases(connectionId, 2);

    // The session expires: the scheduler signs in again with the stored credentials; nothing is lost.
    await sandbox.expireSessions('walmart', email);
    await sandbox.addOrders('walmart', email, { count: 1 });
    await waitForPurchases(connectionId, 3);
    expect((await connection(connectionId)).status).toBe('active');

    // The password changes: the session is revoked and the stored password no longer works.
    await sandbox.changePassword('walmart', email, 'second password');
    const [lost] = await eventually(() => {
      const found = webhooks('connection.unauthenticated', connectionId);
      if (found.length === 0) throw new Error('no connection.unauthenticated yet');
      return found;
    });
    expect(lost!.data.connection).toMatchObject({ status: 'unauthenticated' });
    expect((await connection(connectionId)).status).toBe('unauthenticated');
    expect((await activity(connectionId))[0]).toMatchObject({
      event: 'connection_unauthenticated',
      event_source: 'Retailer',
    });

    // An unauthenticated connection is not polled: orders wait until the shopper re-links.
    await sandbox.addOrders('walmart', email, { count: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(webhooks('purchase.created', connectionId)).toHaveLength(3);

    // Re-link (re-authentication with the connection id): active again, first_activation false.
    const relink = new LinkFlowClient(platform.gatewayUrl);
    const again = await createLinkToken(platform, team, { customer_id: 'cust-renew', email });
    await relink.open(
      `/link?link_token=${again}&connection_id=${connectionId}&redirect_url=${encodeURIComponent('https://brand.test/r')}`,
    );
    expect(relink.atConsent).toBe(true); // a re-link asks again: it is how the shopper changes what is shared
    expect(relink.selectedHistoryWindow()).toBe(365); // starting from the connection's current choice
    const back = await relink.linkAccount(null, email, 'second password');
    expect(back.searchParams.get('link_result')).toBe('success');
    expect(back.searchParams.get('connection_id')).toBe(connectionId);
    expect((await connection(connectionId)).status).toBe('active');
    const activations = await eventually(() => {
      const found = webhooks('connection.activated', connectionId);
      if (found.length < 2) throw new Error('no second connection.activated yet');
      return found;
    });
    expect(activations.map((body) => body.data.first_activation)).toEqual([true, false]);
    expect((await activity(connectionId))[0]).toMatchObject({
      event: 'connection_reauthenticated',
      event_source: 'Consumer',
    });

    // The order placed meanwhile arrives; nothing collected before is published again.
    const purchases = await waitForPurchases(connectionId, 4);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(webhooks('purchase.created', connectionId)).toHaveLength(4);
    expect(new Set(purchases.map((body) => body.data.purchase!.purchase_id)).size).toBe(4);
  });

  it('keeps collecting from healthy accounts while others answer 5xx or time out, and backs those off', async () => {
    const accounts = ['ok@else.test', 'fails@else.test', 'slow@else.test'];
    const ids: Record<string, string> = {};
    for (const email of accounts) {
      await sandbox.createAccount('walmart', email, 'a password');
      const token = await createLinkToken(platform, team, { customer_id: `cust-${email}`, email });
      const client = new LinkFlowClient(platform.gatewayUrl);
      await client.open(`/link?link_token=${token}&redirect_url=${encodeURIComponent('https://brand.test/r')}`);
      ids[email] = (await client.linkAccount('walmart', email, 'a password')).searchParams.get('connection_id')!;
    }
    await sandbox.injectFailure('walmart', { kind: 'server_error', account_email: 'fails@else.test', scope: 'orders' });
    // Slower than RETAILER_REQUEST_TIMEOUT_MS (1.5 s): every order call of this account times out.
    await sandbox.injectFailure('walmart', {
      kind: 'delay',
      delay_ms: 5_000,
      account_email: 'slow@else.test',
      scope: 'orders',
    });
    try {
      for (const email of accounts) await sandbox.addOrders('walmart', email, { count: 1 });
      const started = Date.now();
      await waitForPurchases(ids['ok@else.test']!, 1, 15_000);
      // One poll interval (1 s, jittered) plus processing: the failing accounts hold nobody up.
      expect(Date.now() - started).toBeLessThan(8_000);
      const states = await eventually(async () => {
        const { rows } = await db.query<{ connection_id: string; consecutive_failures: number; last_error: string }>(
          `SELECT connection_id, consecutive_failures, last_error FROM sync.collection_states
            WHERE connection_id = ANY($1)`,
          [[ids['fails@else.test'], ids['slow@else.test']]],
        );
        if (rows.some((row) => row.consecutive_failures < 2)) throw new Error('not backing off yet');
        return rows;
      });
      const errors = Object.fromEntries(states.map((row) => [row.connection_id, row.last_error]));
      expect(errors[ids['fails@else.test']!]).toContain('server_error 503');
      expect(errors[ids['slow@else.test']!]).toContain('timeout');
      expect(webhooks('purchase.created', ids['fails@else.test']!)).toHaveLength(0);
      expect(webhooks('purchase.created', ids['slow@else.test']!)).toHaveLength(0);
    } finally {
      await sandbox.clearFailures('walmart');
    }
    // Once the retailer recovers, the backed-off accounts catch up (backoff is capped at 4 s here).
    await waitForPurchases(ids['fails@else.test']!, 1, 20_000);
    await waitForPurchases(ids['slow@else.test']!, 1, 20_000);
  });
});
