import { SyncContracts, type PurchaseDetail } from '@cps/contracts';
import { purchasePoints } from '@cps/domain';
import { DEFAULT_TEST_SERVICES, eventually, TestPlatform, type TestTeam } from '@cps/testing';

/**
 * Loyalty and marketing integrations end to end (issue 8, ADR 0014): a real link through the sandbox retailer gives
 * one `account.linked` award, its history and later purchases give one award each, at the sandbox loyalty/marketing
 * service; a re-link gives none; and a kill -9 of events-service while purchases stream in loses and doubles nothing.
 */

const ADMIN = { authorization: 'Bearer sandbox-admin-development-token' };

interface Award {
  award_id: string;
  trigger: string;
  connection_id: string;
  purchase_id: string | null;
  points: number;
  status: string;
  attempts: number;
  last_error: string | null;
}

interface SandboxCall {
  api: string;
  idempotency_key: string;
  customer: string | null;
  points: number | null;
  event_name: string | null;
  deliveries: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('loyalty and marketing integrations', () => {
  let platform: TestPlatform;
  let loyaltyUrl: string;
  let retailerUrl: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: [...DEFAULT_TEST_SERVICES, 'sandbox-loyalty'],
      serviceEnv: {
        'sync-service': { SYNC_POLL_INTERVAL_MS: '1000', SYNC_SCHEDULER_TICK_MS: '200' },
        'events-service': { WEBHOOK_RETRY_SCHEDULE: '0,1,1,2,2,2,2,2', DELIVERY_POLL_MS: '200' },
      },
    });
    loyaltyUrl = platform.platform.service('sandbox-loyalty').url;
    retailerUrl = platform.platform.service('sandbox-retailer').url;
  }, 300_000);

  afterAll(async () => {
    await platform?.stop();
  });

  async function newTeam(name: string): Promise<TestTeam> {
    const team = await platform.createTeam(name);
    const enabled = await platform.api('/retailers/walmart', {
      method: 'PATCH',
      apiKey: team.apiKey,
      body: { enabled: true },
    });
    expect(enabled.status).toBe(200);
    return team;
  }

  async function createIntegration(team: TestTeam, body: Record<string, unknown>): Promise<string> {
    const created = await platform.api('/integrations', { method: 'POST', apiKey: team.apiKey, body });
    expect(created.status).toBe(201);
    return (created.body as { integration_id: string }).integration_id;
  }

  async function awards(team: TestTeam, integrationId: string): Promise<Award[]> {
    const listed = await platform.api(`/integrations/${integrationId}/awards?limit=100`, { apiKey: team.apiKey });
    expect(listed.status).toBe(200);
    return (listed.body as { awards: Award[] }).awards;
  }

  async function balances(): Promise<Array<{ customer: string; points: number }>> {
    const response = await fetch(`${loyaltyUrl}/admin/balances`, { headers: ADMIN });
    return ((await response.json()) as { balances: Array<{ customer: string; points: number }> }).balances;
  }

  async function sandboxCalls(): Promise<SandboxCall[]> {
    const response = await fetch(`${loyaltyUrl}/admin/calls`, { headers: ADMIN });
    expect(response.status).toBe(200);
    return ((await response.json()) as { calls: SandboxCall[] }).calls;
  }

  async function retailerAdmin(path: string, body: unknown): Promise<void> {
    const response = await fetch(`${retailerUrl}${path}`, {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`sandbox retailer ${path}: ${response.status} ${await response.text()}`);
  }

  /** A real link through the link flow's steps (as the pages make them), consent included; the connection id. */
  async function link(team: TestTeam, email: string, connectionId?: string): Promise<string> {
    const token = await platform.api('/link-tokens', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { customer_id: `cust-${email}`, email },
    });
    const { sessionId } = await platform.admin.request(SyncContracts.startLinkSession, {
      entry: {
        kind: 'link_token',
        linkToken: (token.body as { link_token: string }).link_token,
        ...(connectionId ? { connectionId } : {}),
      },
      redirectUrl: null,
    });
    if (!connectionId)
      await platform.admin.request(SyncContracts.chooseLinkRetailer, { sessionId, retailerId: 'walmart' });
    await platform.admin.request(SyncContracts.submitLinkConsent, {
      sessionId,
      historyWindowDays: 365,
      offeredHistoryWindowDays: 365,
    });
    const view = await platform.admin.request(SyncContracts.submitLinkCredentials, {
      sessionId,
      email,
      password: 'loyal password',
    });
    expect(view.state).toBe('succeeded');
    return view.connection_id!;
  }

  it('creates, reads, changes and deletes integrations, with 422 and 404 where they belong', async () => {
    const team = await newTeam('Integrations CRUD');
    const other = await newTeam('Integrations Other');
    const created = await platform.api('/integrations', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { kind: 'loyalty', adapter: 'points_api', base_url: loyaltyUrl, api_key: 'sk_test', reward_on_link: 25 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'loyalty',
      adapter: 'points_api',
      base_url: loyaltyUrl,
      triggers: ['account.linked', 'purchase.created'],
      is_active: true,
      receive_simulated_events: false,
      points_per_dollar: 1,
      start_date: null,
      reward_on_link: 25,
      customer_identifier: 'email',
      secret: null,
    });
    expect(JSON.stringify(created.body)).not.toContain('sk_test');
    const id = (created.body as { integration_id: string }).integration_id;

    const hook = await platform.api('/integrations', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { kind: 'marketing', adapter: 'webhook', base_url: `${loyaltyUrl}/hooks/crm` },
    });
    expect(hook.status).toBe(201);
    expect((hook.body as { secret: string }).secret).toMatch(/^whsec_/);

    const invalid: Array<[Record<string, unknown>, Array<string | number>]> = [
      [{ kind: 'marketing', adapter: 'points_api', base_url: loyaltyUrl, api_key: 'k' }, ['body', 'adapter']],
      [{ kind: 'loyalty', adapter: 'points_api', base_url: loyaltyUrl }, ['body', 'api_key']],
      [{ kind: 'loyalty', adapter: 'webhook', base_url: 'ftp://x.example' }, ['body', 'base_url']],
      [
        { kind: 'loyalty', adapter: 'webhook', base_url: loyaltyUrl, points_per_dollar: -1 },
        ['body', 'points_per_dollar'],
      ],
      [{ kind: 'loyalty', adapter: 'webhook', base_url: loyaltyUrl, start_date: '2026-02-30' }, ['body', 'start_date']],
      [
        { kind: 'loyalty', adapter: 'webhook', base_url: loyaltyUrl, customer_identifier: 'name' },
        ['body', 'customer_identifier'],
      ],
      [{ kind: 'points', adapter: 'webhook', base_url: loyaltyUrl }, ['body', 'kind']],
    ];
    for (const [body, loc] of invalid) {
      const refused = await platform.api('/integrations', { method: 'POST', apiKey: team.apiKey, body });
      expect([refused.status, body]).toEqual([422, body]);
      expect((refused.body as { detail: Array<{ loc: unknown[] }> }).detail.map((d) => d.loc)).toContainEqual(loc);
    }

    const listed = await platform.api('/integrations', { apiKey: team.apiKey });
    expect((listed.body as { integrations: Array<{ integration_id: string }> }).integrations).toHaveLength(2);
    expect((await platform.api('/integrations', { apiKey: other.apiKey })).body).toEqual({ integrations: [] });
    expect((await platform.api(`/integrations/${id}`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await platform.api(`/integrations/${id}/awards`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await platform.api(`/integrations/${id}`, { method: 'DELETE', apiKey: other.apiKey })).status).toBe(404);
    expect((await platform.api('/integrations')).status).toBe(401);

    const patched = await platform.api(`/integrations/${id}`, {
      method: 'PATCH',
      apiKey: team.apiKey,
      body: { points_per_dollar: 1.5, start_date: '2026-01-01', is_active: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ points_per_dollar: 1.5, start_date: '2026-01-01', is_active: false });
    expect((await platform.api(`/integrations/${id}`, { method: 'PATCH', apiKey: team.apiKey, body: {} })).status).toBe(
      422,
    );
    expect(
      (await platform.api(`/integrations/${id}`, { method: 'PATCH', apiKey: team.apiKey, body: { kind: 'marketing' } }))
        .status,
    ).toBe(422);

    expect((await platform.api(`/integrations/${id}`, { method: 'DELETE', apiKey: team.apiKey })).status).toBe(204);
    expect((await platform.api(`/integrations/${id}`, { apiKey: team.apiKey })).status).toBe(404);
  });

  it('link -> account.linked once; purchases -> one award each at the sandbox; a re-link awards nothing', async () => {
    const team = await newTeam('Loyal Brand');
    const loyalty = await createIntegration(team, {
      kind: 'loyalty',
      adapter: 'points_api',
      base_url: loyaltyUrl,
      api_key: 'sk_sandbox_loyalty',
      reward_on_link: 50,
      points_per_dollar: 2,
    });
    const marketing = await createIntegration(team, {
      kind: 'marketing',
      adapter: 'track_event',
      base_url: loyaltyUrl,
      api_key: 'pk_sandbox_marketing',
    });
    const email = 'loyal.shopper@example.com';
    await retailerAdmin('/admin/r/walmart/accounts', { email, password: 'loyal password' });
    await retailerAdmin(`/admin/r/walmart/accounts/${encodeURIComponent(email)}/orders`, {
      count: 2,
      back_date_days: 20,
    });

    const connectionId = await link(team, email);
    const settled = async (integrationId: string, count: number) =>
      eventually(async () => {
        const found = await awards(team, integrationId);
        if (found.length < count || found.some((award) => award.status !== 'succeeded')) {
          throw new Error(`${found.length} of ${count} awards, ${JSON.stringify(found.map((a) => a.status))}`);
        }
        return found;
      }, 60_000);
    const ledger = await settled(loyalty, 3);
    expect(ledger.filter((award) => award.trigger === 'account.linked')).toEqual([
      expect.objectContaining({ connection_id: connectionId, points: 50, status: 'succeeded', purchase_id: null }),
    ]);

    // Each purchase award is ceil(items_subtotal x 2), as the brand reads the purchase.
    const token = await platform.api(`/connections/${connectionId}/token`, {
      method: 'POST',
      apiKey: team.apiKey,
      body: { scope: 'access' },
    });
    const bearer = { authorization: `Bearer ${(token.body as { connection_token: string }).connection_token}` };
    const expectedPoints = async (purchaseId: string) => {
      const detail = await platform.api(`/purchases/${purchaseId}`, { apiKey: team.apiKey, headers: bearer });
      const purchase = detail.body as PurchaseDetail;
      const result = purchasePoints(
        { date: new Date(purchase.date), items: purchase.items },
        { pointsPerDollar: 2, startDate: null },
      );
      return result.rewarded ? result.points : 0;
    };
    const purchaseAwards = ledger.filter((award) => award.trigger === 'purchase.created');
    expect(purchaseAwards).toHaveLength(2);
    for (const award of purchaseAwards) expect(award.points).toBe(await expectedPoints(award.purchase_id!));

    // At the sandbox: one points call per award (its id the idempotency key), and the balance adds up.
    const calls = await sandboxCalls();
    const points = calls.filter((call) => call.api === 'points_api' && call.customer === email);
    expect(points.map((call) => call.idempotency_key).sort()).toEqual(ledger.map((award) => award.award_id).sort());
    expect(await balances()).toContainEqual({
      customer: email,
      points: ledger.reduce((sum, award) => sum + award.points, 0),
    });
    // Marketing: the same facts as tracked events, Klaviyo style.
    const tracked = await settled(marketing, 3);
    const events = calls.filter((call) => call.api === 'track_event' && call.customer === email);
    expect(events.map((call) => call.event_name).sort()).toEqual([
      'Account Linked',
      'Purchase Created',
      'Purchase Created',
    ]);
    expect(tracked.map((award) => award.award_id).sort()).toEqual(events.map((call) => call.idempotency_key).sort());

    // A re-link (the same connection) is not a first activation: nothing more for account.linked.
    expect(await link(team, email, connectionId)).toBe(connectionId);
    // A new purchase after it: one more award.
    await retailerAdmin(`/admin/r/walmart/accounts/${encodeURIComponent(email)}/orders`, { count: 1 });
    const after = await settled(loyalty, 4);
    expect(after.filter((award) => award.trigger === 'account.linked')).toHaveLength(1);
    expect(after.filter((award) => award.trigger === 'purchase.created')).toHaveLength(3);
    await pause(2_000);
    expect(await awards(team, loyalty)).toHaveLength(4);
    expect((await sandboxCalls()).filter((c) => c.api === 'points_api' && c.customer === email)).toHaveLength(4);
  }, 300_000);

  it('retries failed calls visibly, and loses or doubles no award when events-service is killed mid-stream', async () => {
    const team = await newTeam('Chaos Loyalty');
    const email = 'chaos.loyal@example.com';
    const loyalty = await createIntegration(team, {
      kind: 'loyalty',
      adapter: 'points_api',
      base_url: loyaltyUrl,
      api_key: 'sk_sandbox_chaos',
      receive_simulated_events: true,
      reward_on_link: 10,
      points_per_dollar: 1,
    });
    // The platform answers 503 to the next three calls: the first awards are retried with backoff.
    const injected = await fetch(`${loyaltyUrl}/admin/failures`, {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ api: 'points_api', count: 3, status: 503 }),
    });
    expect(injected.status).toBe(204);
    const simulated = await platform.api('/simulated-connections', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { retailer_id: 'walmart', email, include_purchases: false },
    });
    expect(simulated.status).toBe(201);
    const connectionId = (simulated.body as { connection_id: string }).connection_id;

    // A stream of purchases; halfway through, events-service is killed with SIGKILL and restarted.
    const purchases: PurchaseDetail[] = [];
    const events = platform.platform.service('events-service');
    for (let i = 0; i < 24; i += 1) {
      if (i === 12) {
        await events.kill();
        events.start();
      }
      const created = await platform.api(`/simulated-connections/${connectionId}/purchases`, {
        method: 'POST',
        apiKey: team.apiKey,
      });
      expect(created.status).toBe(201);
      purchases.push(created.body as PurchaseDetail);
      await pause(150);
    }
    await events.waitReady();

    const ledger = await eventually(async () => {
      const found = await awards(team, loyalty);
      if (found.length < 25 || found.some((award) => award.status !== 'succeeded')) {
        throw new Error(`${found.length} of 25 awards, ${found.filter((a) => a.status === 'succeeded').length} sent`);
      }
      return found;
    }, 120_000);
    // The ledger: one award per purchase, and one for the link; none twice.
    expect(ledger).toHaveLength(25);
    expect(ledger.filter((award) => award.trigger === 'account.linked')).toHaveLength(1);
    expect(
      ledger
        .filter((award) => award.trigger === 'purchase.created')
        .map((award) => award.purchase_id)
        .sort(),
    ).toEqual(purchases.map((purchase) => purchase.purchase_id).sort());
    // The injected failures were retried and stay visible.
    expect(ledger.filter((award) => award.attempts > 1).length).toBeGreaterThan(0);

    // At the sandbox: every award applied exactly once (a repeat after the kill is the same idempotency key).
    const calls = (await sandboxCalls()).filter((call) => call.api === 'points_api' && call.customer === email);
    expect(calls.map((call) => call.idempotency_key).sort()).toEqual(ledger.map((award) => award.award_id).sort());
    const expected =
      10 +
      purchases.reduce((sum, purchase) => {
        const result = purchasePoints(
          { date: new Date(purchase.date), items: purchase.items },
          { pointsPerDollar: 1, startDate: null },
        );
        return sum + (result.rewarded ? result.points : 0);
      }, 0);
    expect(await balances()).toContainEqual({ customer: email, points: expected });
    const repeated = calls.filter((call) => call.deliveries > 1).length;
    process.stdout.write(
      `loyalty kill -9: ${ledger.length} awards, ${calls.length} applied at the sandbox, ${repeated} delivered more than once (applied once)\n`,
    );
  }, 300_000);
});
