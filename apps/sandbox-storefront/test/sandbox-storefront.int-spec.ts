import { request } from 'node:http';
import { TestPlatform, type TestTeam } from '@cps/testing';

/**
 * The sandbox storefront as storefront-proxy sees it: customer accounts through the Admin API, sign-in, and the app
 * proxy that signs what it forwards. (The theme block in a browser: theme-block.e2e-spec.ts.)
 */

const SHOP = 'sandbox-shop.myshopify.com';
const ADMIN_API_TOKEN = 'shpat_sandbox_storefront_development_token';

describe('sandbox storefront', () => {
  let platform: TestPlatform;
  let team: TestTeam;
  let shopUrl: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['api-gateway', 'auth-server', 'sync-service', 'storefront-proxy', 'sandbox-storefront'],
    });
    team = await platform.createTeam('Sandbox Shop Brand');
    await platform.enableRetailers(team, ['walmart']);
    shopUrl = platform.platform.service('sandbox-storefront').url;
    await platform.admin.connectShop({
      shop: SHOP,
      secret: 'sandbox-storefront-app-proxy-development-secret',
      apiKey: team.apiKey,
      storefrontUrl: `${shopUrl}/`,
      adminApiUrl: shopUrl,
      adminToken: ADMIN_API_TOKEN,
    });
  });

  afterAll(async () => {
    await platform?.stop();
  });

  const createCustomer = (customer: unknown, token = ADMIN_API_TOKEN) =>
    fetch(`${shopUrl}/admin/api/2024-10/customers.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
      body: JSON.stringify({ customer }),
    });

  async function signIn(email: string, password: string): Promise<string> {
    const response = await fetch(`${shopUrl}/account/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password, return_url: '/' }).toString(),
    });
    expect(response.status).toBe(303);
    return response.headers.get('set-cookie')!.split(';')[0]!;
  }

  it('Admin API: creates customers and answers them to the app token only', async () => {
    const created = await createCustomer({ email: 'Ann@Example.com', password: 'ann password', tags: 'vip, news' });
    expect(created.status).toBe(201);
    const { customer } = (await created.json()) as { customer: { id: number } };
    expect((await createCustomer({ email: 'ann@example.com', password: 'another one' })).status).toBe(422);
    expect((await createCustomer({ email: 'not-an-email', password: 'long enough' })).status).toBe(422);
    expect((await createCustomer({ email: 'x@example.com', password: 'short' })).status).toBe(422);
    expect((await createCustomer({ email: 'y@example.com', password: 'long enough' }, 'wrong')).status).toBe(401);
    const read = await fetch(`${shopUrl}/admin/api/2024-10/customers/${customer.id}.json`, {
      headers: { 'x-shopify-access-token': ADMIN_API_TOKEN },
    });
    expect(await read.json()).toEqual({
      customer: { id: customer.id, email: 'ann@example.com', first_name: '', tags: 'vip, news' },
    });
    expect((await fetch(`${shopUrl}/admin/api/2024-10/customers/${customer.id}.json`)).status).toBe(401);
  });

  it('signs customers in with their password only', async () => {
    await createCustomer({ email: 'bo@example.com', password: 'bo password' });
    const refused = await fetch(`${shopUrl}/account/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'bo@example.com', password: 'wrong', return_url: '//evil.example/' }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('set-cookie')).toBeNull();
    const cookie = await signIn('bo@example.com', 'bo password');
    expect(await (await fetch(`${shopUrl}/`, { headers: { cookie } })).text()).toContain('Signed in as bo@example.com');
  });

  it('app proxy: forwards signed, with the signed-in customer; a page cannot name another customer', async () => {
    await createCustomer({ email: 'cy@example.com', password: 'cy password' });
    const cookie = await signIn('cy@example.com', 'cy password');
    const listed = await fetch(`${shopUrl}/apps/service/retailers?logged_in_customer_id=1&shop=other.example`, {
      headers: { cookie },
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('private, no-store');
    const { retailers } = (await listed.json()) as { retailers: Array<{ retailer_id: string; link_url: string }> };
    expect(retailers.map((retailer) => retailer.retailer_id)).toEqual(['walmart']);

    const linked = await fetch(`${shopUrl}/apps/service/connections`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ retailerId: 'walmart', retailerLinkUrl: retailers[0]!.link_url, redirectUrl: '/' }),
    });
    expect(linked.status).toBe(200);
    const connectionId = new URL(((await linked.json()) as { link_url: string }).link_url).searchParams.get(
      'connection_id',
    )!;
    const stored = (await platform.api(`/connections/${connectionId}`, { apiKey: team.apiKey })).body as {
      customer_id: string;
      email: string;
    };
    // The signed-in customer (ids start at 1001), not the `1` the page asked for; the email from the Admin API.
    expect(stored.customer_id).toMatch(new RegExp(`^${SHOP.replace(/\./g, '\\.')}:\\d{4,}$`));
    expect(stored.email).toBe('cy@example.com');
  });

  it('app proxy: a visitor is sent to the shop login (GET) or refused (POST); nothing outside the mount', async () => {
    const visit = await fetch(`${shopUrl}/apps/service/visibility`, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe(
      `/account/login?return_url=${encodeURIComponent('/apps/service/visibility')}`,
    );
    const posted = await fetch(`${shopUrl}/apps/service/disconnect-connection`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ connectionId: 'x' }),
    });
    expect(posted.status).toBe(400);
    // Sent as it is (fetch would normalise the path): storefront-proxy's /settings is not behind the proxy.
    const escaped = await new Promise<number>((done, fail) => {
      const url = new URL(shopUrl);
      request({ host: url.hostname, port: url.port, path: '/apps/service/../settings?x=1' }, (response) => {
        response.resume();
        done(response.statusCode!);
      })
        .on('error', fail)
        .end();
    });
    expect(escaped).toBe(404);
  });

  describe('hosted link flow, as storefront shoppers meet it', () => {
    const page = async (path: string) => {
      const response = await fetch(`${platform.gatewayUrl}${path}`, { redirect: 'manual' });
      return { status: response.status, html: await response.text() };
    };

    it('offers the way back to the shop from a dead end when the link names a valid redirect_url', async () => {
      const shop = `${shopUrl}/`;
      const expired = await page(`/link?link_token=lt_v1_${'x'.repeat(43)}&redirect_url=${encodeURIComponent(shop)}`);
      expect(expired.status).toBe(404);
      expect(expired.html).toContain(`href="${shop}?link_result=error"`);
      expect(expired.html).toContain(`Go back to ${new URL(shopUrl).host}`);
      // No valid redirect_url, no way back; the wording is for shoppers, not developers.
      const malformed = await page(`/link?link_token=lt_v1_${'x'.repeat(43)}&redirect_url=javascript:alert(1)`);
      expect(malformed.status).toBe(400);
      expect(malformed.html).toContain('Something in the link is missing or wrong.');
      expect(malformed.html).not.toContain('redirect_url');
      expect(malformed.html).not.toContain('link_result');
    });

    it('GET /link/done without a linked session changes nothing', async () => {
      expect((await page('/link/done')).status).toBe(404);
    });
  });
});
