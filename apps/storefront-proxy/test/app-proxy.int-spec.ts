import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { signAppProxyQuery } from '@cps/domain';
import { TestPlatform, type TestTeam } from '@cps/testing';

/**
 * The seed's "Hosted-storefront app-proxy endpoints", one test per rule, against the built services: requests are
 * signed here as the storefront platform signs them (Shopify's app-proxy scheme), customers' email and tags come
 * from a stand-in for the platform's Admin API.
 */

const SHOP = 'acme-test.myshopify.com';
const SECRET = 'app-proxy-secret-of-the-test-shop';
const STOREFRONT = 'https://acme-test.example/';
const ADMIN_TOKEN = 'shpat_test_admin_token';

interface Answer {
  status: number;
  body: unknown;
  location: string | null;
}

/** The storefront platform's Admin API: customers' email and tags, for the visibility rules. */
async function adminApi(
  customers: Record<string, { email: string; tags: string }>,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const match = /^\/admin\/api\/[\d-]+\/customers\/([^/]+)\.json$/.exec(req.url ?? '');
    const customer = match ? customers[decodeURIComponent(match[1]!)] : undefined;
    if (req.headers['x-shopify-access-token'] !== ADMIN_TOKEN) return res.writeHead(401).end();
    if (!customer) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ customer }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

describe('storefront app proxy (/apps/service/*)', () => {
  let platform: TestPlatform;
  let team: TestTeam;
  let admin: Awaited<ReturnType<typeof adminApi>>;
  let db: pg.Client;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['api-gateway', 'auth-server', 'sync-service', 'storefront-proxy'],
      serviceEnv: { 'storefront-proxy': { STOREFRONT_API_KEY_CACHE_MS: '0', STOREFRONT_CUSTOMER_CACHE_MS: '0' } },
    });
    admin = await adminApi({
      '1001': { email: 'jo@example.com', tags: 'VIP, newsletter' },
      '1002': { email: 'sam@other.test', tags: '' },
    });
    team = await platform.createTeam('Storefront Brand');
    for (const retailer of ['walmart', 'target', 'kroger']) {
      expect(
        (
          await platform.api(`/retailers/${retailer}`, {
            method: 'PATCH',
            apiKey: team.apiKey,
            body: { enabled: true },
          })
        ).status,
      ).toBe(200);
    }
    await connect();
    db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    admin?.server.close();
    await platform?.stop();
  });

  const proxyUrl = () => platform.platform.service('storefront-proxy').url;

  function connect(apiKey = team.apiKey) {
    return platform.admin.connectShop({
      shop: SHOP,
      secret: SECRET,
      apiKey,
      storefrontUrl: STOREFRONT,
      adminApiUrl: admin.url,
      adminToken: ADMIN_TOKEN,
    });
  }

  /** The query the platform sends: the page's own parameters, then shop, path_prefix, customer, timestamp, signature. */
  function signed(customer: string | null, page: Record<string, string> = {}, at = new Date()): URLSearchParams {
    return signAppProxyQuery(
      [
        ...Object.entries(page),
        ['shop', SHOP],
        ['path_prefix', '/apps/service'],
        ['logged_in_customer_id', customer ?? ''],
      ],
      SECRET,
      at,
    );
  }

  async function send(method: string, path: string, query: URLSearchParams | string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${proxyUrl()}/apps/service/${path}?${query.toString()}`, {
      method,
      redirect: 'manual',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      location: response.headers.get('location'),
    };
  }

  const get = (path: string, customer: string | null, page: Record<string, string> = {}) =>
    send('GET', path, signed(customer, page));
  /** Each POST its own signature (two identical ones within a second would be one request served twice). */
  let posts = 0;
  const post = (path: string, customer: string | null, body: unknown) =>
    send('POST', path, signed(customer, { request: String(++posts) }), body);

  async function retailers(customer: string) {
    const answer = await get('retailers', customer);
    expect(answer.status).toBe(200);
    return (
      answer.body as {
        retailers: Array<{
          retailer_id: string;
          link_url: string;
          connection?: { connection_id: string; status: string };
        }>;
      }
    ).retailers;
  }

  async function linkRequest(customer: string, retailerId: string, extra: Record<string, unknown> = {}) {
    const row = (await retailers(customer)).find((retailer) => retailer.retailer_id === retailerId)!;
    return post('connections', customer, {
      retailerId,
      retailerLinkUrl: row.link_url,
      redirectUrl: `${STOREFRONT}pages/rewards`,
      ...extra,
    });
  }

  const boundConnection = (linkUrl: string) => new URL(linkUrl).searchParams.get('connection_id')!;

  async function connection(connectionId: string) {
    return (await platform.api(`/connections/${connectionId}`, { apiKey: team.apiKey })).body as {
      customer_id: string;
      status: string;
      tags: Record<string, string>;
    };
  }

  describe('signature (Shopify app proxy, INTERFACE-DECISIONS)', () => {
    it('answers a correctly signed request', async () => {
      expect((await get('configuration', null)).status).toBe(200);
    });

    it('refuses a request without a signature with 401 and no detail about why', async () => {
      const query = signed(null);
      query.delete('signature');
      expect(await send('GET', 'configuration', query)).toMatchObject({
        status: 401,
        body: { detail: 'unauthorized' },
      });
    });

    it('refuses a bad signature (another secret)', async () => {
      const query = signAppProxyQuery(
        [
          ['shop', SHOP],
          ['logged_in_customer_id', ''],
        ],
        'not-the-shop-secret-at-all',
        new Date(),
      );
      expect(await send('GET', 'configuration', query)).toMatchObject({
        status: 401,
        body: { detail: 'unauthorized' },
      });
    });

    it('refuses a stale signature (older than 90 seconds)', async () => {
      const query = signed(null, {}, new Date(Date.now() - 91_000));
      expect(await send('GET', 'configuration', query)).toMatchObject({
        status: 401,
        body: { detail: 'unauthorized' },
      });
    });

    it('refuses a replayed POST; a GET may repeat, link/{linkId} included (issue 32, item 9)', async () => {
      const query = signed('1001');
      const body = { connectionId: 'nope' };
      expect((await send('POST', 'disconnect-connection', query, body)).status).toBe(404);
      expect(await send('POST', 'disconnect-connection', query, body)).toMatchObject({
        status: 401,
        body: { detail: 'unauthorized' },
      });
      // A double click or a prefetch: the same signed GET twice within its second finds the same connection.
      const linkId = new URL((await retailers('1001'))[0]!.link_url).pathname.split('/').pop()!;
      const link = signed('1001');
      const first = await send('GET', `link/${linkId}`, link);
      const again = await send('GET', `link/${linkId}`, link);
      expect([first.status, again.status]).toEqual([302, 302]);
      expect(boundConnection(again.location!)).toBe(boundConnection(first.location!));
      const read = signed('1001');
      expect((await send('GET', 'retailers', read)).status).toBe(200);
      expect((await send('GET', 'retailers', read)).status).toBe(200);
    });

    it('refuses a tampered parameter (another customer id after signing)', async () => {
      const query = signed('1001');
      query.set('logged_in_customer_id', '1002');
      expect(await send('GET', 'retailers', query)).toMatchObject({ status: 401, body: { detail: 'unauthorized' } });
      const added = signed('1001');
      added.append('logged_in_customer_id', '1002');
      expect((await send('GET', 'retailers', added)).status).toBe(401);
    });

    it('refuses a shop it does not know', async () => {
      const query = signAppProxyQuery(
        [
          ['shop', 'other-shop.myshopify.com'],
          ['logged_in_customer_id', ''],
        ],
        SECRET,
        new Date(),
      );
      expect(await send('GET', 'configuration', query)).toMatchObject({
        status: 401,
        body: { detail: 'unauthorized' },
      });
    });
  });

  describe('signed-out customers', () => {
    it('GET of a customer endpoint: 302 to the storefront login, returning to the page', async () => {
      const answer = await get('link/abcdefghij', null, { redirect_url: '/pages/rewards' });
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(
        `/account/login?return_url=${encodeURIComponent('/apps/service/link/abcdefghij?redirect_url=%2Fpages%2Frewards')}`,
      );
      const visibility = await send(
        'GET',
        'visibility',
        signAppProxyQuery(
          [
            ['shop', SHOP],
            ['path_prefix', '/apps/cps'],
            ['logged_in_customer_id', ''],
          ],
          SECRET,
          new Date(),
        ),
      );
      expect(visibility).toMatchObject({
        status: 302,
        location: `/account/login?return_url=${encodeURIComponent('/apps/cps/visibility')}`,
      });
    });

    it('POST of a customer endpoint: 400 "customer not signed in"', async () => {
      expect(await post('connections', null, { retailerId: 'walmart' })).toEqual({
        status: 400,
        body: { detail: 'customer not signed in' },
        location: null,
      });
      expect((await post('disconnect-connection', null, { connectionId: 'x' })).status).toBe(400);
    });
  });

  describe('configuration', () => {
    it('200 with status while the shop holds an API key; 404 after shop:disconnect; back with a new key', async () => {
      expect((await get('configuration', null)).body).toEqual({ status: 'active', signed_out_prompt: true });
      expect(await platform.admin.disconnectShop(SHOP)).toEqual({ shop: SHOP, api_key_removed: true });
      expect(await get('configuration', null)).toMatchObject({
        status: 404,
        body: { detail: 'storefront not configured' },
      });
      expect((await get('retailers', '1001')).status).toBe(404);
      await connect();
      expect((await get('configuration', null)).status).toBe(200);
    });

    it('says so when the stored API key was revoked, and the customer endpoints answer 404', async () => {
      const spare = await platform.admin.createApiKey(team.teamId, 'spare');
      await connect(spare.api_key);
      await platform.admin.revokeApiKey(team.teamId, spare.key_id);
      expect((await get('configuration', null)).body).toEqual({ status: 'api_key_invalid', signed_out_prompt: false });
      expect((await get('visibility', '1001')).status).toBe(404);
      await connect();
    });

    it('shop:connect refuses an API key that is not valid; shop:disconnect an unknown shop is 404', async () => {
      await expect(connect('cpk_not_a_key')).rejects.toMatchObject({ status: 422 });
      await expect(platform.admin.disconnectShop('nobody.myshopify.com')).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('visibility', () => {
    it("applies the team's retailer visibility and audience rules to the customer's email", async () => {
      await platform.api('/retailers/target', {
        method: 'PATCH',
        apiKey: team.apiKey,
        body: { link_visibility: 'hidden' },
      });
      await platform.api('/retailers/kroger', {
        method: 'PATCH',
        apiKey: team.apiKey,
        body: {
          link_visibility: 'restricted',
          link_audience: { allowed_emails: [], allowed_domains: ['example.com'] },
        },
      });
      try {
        expect((await get('visibility', '1001')).body).toEqual({
          blockVisible: true,
          restrictedRetailerIds: ['target'],
        });
        expect((await get('visibility', '1002')).body).toEqual({
          blockVisible: true,
          restrictedRetailerIds: expect.arrayContaining(['target', 'kroger']) as unknown,
        });
      } finally {
        await platform.api('/retailers/target', {
          method: 'PATCH',
          apiKey: team.apiKey,
          body: { link_visibility: 'everyone' },
        });
        await platform.api('/retailers/kroger', {
          method: 'PATCH',
          apiKey: team.apiKey,
          body: { link_visibility: 'everyone' },
        });
      }
    });

    it("blockVisible follows the merchant's global rule (set on the signed settings page)", async () => {
      await saveSettings({ audience: 'customer_tag', customer_tags: 'vip' });
      expect((await get('visibility', '1001')).body).toMatchObject({ blockVisible: true });
      expect((await get('visibility', '1002')).body).toMatchObject({ blockVisible: false });
      expect((await get('configuration', null)).body).toEqual({ status: 'active', signed_out_prompt: false });
      await saveSettings({ audience: 'email_domain', email_domains: 'other.test' });
      expect((await get('visibility', '1001')).body).toMatchObject({ blockVisible: false });
      expect((await get('visibility', '1002')).body).toMatchObject({ blockVisible: true });
      await saveSettings({ audience: 'hidden' });
      expect((await get('visibility', '1001')).body).toMatchObject({ blockVisible: false });
      await saveSettings({ audience: 'everyone' });
      expect((await get('visibility', '1001')).body).toMatchObject({ blockVisible: true });
    });
  });

  describe('retailers', () => {
    it('lists the enabled retailers; a customer who never linked has no `connection` field', async () => {
      const rows = await retailers('2001');
      expect(rows.map((row) => row.retailer_id).sort()).toEqual(['kroger', 'target', 'walmart']);
      const walmart = rows.find((row) => row.retailer_id === 'walmart')!;
      expect(Object.keys(walmart).sort()).toEqual(['images', 'link_url', 'name', 'retailer_id']);
      expect(walmart).toMatchObject({
        name: 'Walmart',
        link_url: expect.stringMatching(new RegExp(`^${platform.gatewayUrl}/link/[0-9A-Za-z]{10}$`)) as unknown,
        images: { logo: { light: expect.stringContaining('/assets/retailers/walmart/') as unknown } },
      });
    });

    it('shows the connection status, `revoked` as `revoked`', async () => {
      const linked = await linkRequest('2002', 'walmart');
      const connectionId = boundConnection((linked.body as { link_url: string }).link_url);
      expect((await retailers('2002')).find((row) => row.retailer_id === 'walmart')!.connection).toEqual({
        connection_id: connectionId,
        retailer_id: 'walmart',
        status: 'initialized',
      });
      await db.query(`UPDATE sync.connections SET status = 'revoked' WHERE id = $1`, [connectionId]);
      expect((await retailers('2002')).find((row) => row.retailer_id === 'walmart')!.connection).toMatchObject({
        connection_id: connectionId,
        status: 'revoked',
      });
      expect((await connection(connectionId)).status).toBe('disconnected'); // the REST API's view
    });
  });

  describe('connections', () => {
    it('answers a link_url that opens the hosted link flow with the connection bound, returning to redirectUrl', async () => {
      const answer = await linkRequest('3001', 'walmart');
      expect(answer.status).toBe(200);
      const url = new URL((answer.body as { link_url: string }).link_url);
      expect(`${url.origin}${url.pathname}`).toBe(`${platform.gatewayUrl}/link`);
      expect(url.searchParams.get('redirect_url')).toBe(`${STOREFRONT}pages/rewards`);
      const connectionId = url.searchParams.get('connection_id')!;
      expect(await connection(connectionId)).toMatchObject({ customer_id: `${SHOP}:3001`, status: 'initialized' });
      // The flow starts on the bound connection's retailer, at its sign-in step.
      const started = await fetch(url, { redirect: 'manual' });
      expect(started.status).toBe(303);
      const page = await fetch(`${platform.gatewayUrl}/link`, {
        headers: { cookie: started.headers.get('set-cookie')!.split(';')[0]! },
      });
      expect(await page.text()).toContain('Walmart');
    });

    it('records only the three utm tags, trimmed, dropping values over 256 characters', async () => {
      const answer = await linkRequest('3002', 'walmart', {
        tags: {
          utm_campaign: '  spring  ',
          utm_source: 'x'.repeat(257),
          utm_medium: 'email',
          utm_term: 'no',
          ref: 'no',
        },
      });
      expect((await connection(boundConnection((answer.body as { link_url: string }).link_url))).tags).toEqual({
        utm_campaign: 'spring',
        utm_medium: 'email',
      });
    });

    it('ignores tags with connectionId (re-authentication of the same connection)', async () => {
      const first = await linkRequest('3003', 'walmart', { tags: { utm_campaign: 'first' } });
      const connectionId = boundConnection((first.body as { link_url: string }).link_url);
      const again = await linkRequest('3003', 'walmart', { connectionId, tags: { utm_campaign: 'second' } });
      expect(again.status).toBe(200);
      expect(boundConnection((again.body as { link_url: string }).link_url)).toBe(connectionId);
      expect((await connection(connectionId)).tags).toEqual({ utm_campaign: 'first' });
    });

    it("refuses another customer's connectionId with 404, and never shows it to them", async () => {
      const mine = await linkRequest('3004', 'walmart');
      const connectionId = boundConnection((mine.body as { link_url: string }).link_url);
      expect(await linkRequest('3005', 'walmart', { connectionId })).toMatchObject({
        status: 404,
        body: { detail: `connection ${connectionId} not found` },
      });
      expect((await retailers('3005')).every((row) => row.connection === undefined)).toBe(true);
      expect((await post('disconnect-connection', '3005', { connectionId })).status).toBe(404);
      expect((await connection(connectionId)).status).toBe('initialized');
    });

    it('refuses invalid bodies with 422 (HTTPValidationError), an unknown retailer with 404', async () => {
      const missing = await post('connections', '3006', {});
      expect(missing.status).toBe(422);
      expect((missing.body as { detail: Array<{ loc: string[]; type: string }> }).detail).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ loc: ['body', 'retailerId'], type: 'missing' }),
          expect.objectContaining({ loc: ['body', 'redirectUrl'], type: 'missing' }),
        ]),
      );
      expect((await linkRequest('3006', 'walmart', { redirectUrl: 'https://evil.example/' })).body).toMatchObject({
        detail: [{ loc: ['body', 'redirectUrl'] }],
      });
      expect((await linkRequest('3006', 'walmart', { retailerLinkUrl: 'https://evil.example/link/x' })).status).toBe(
        422,
      );
      expect((await linkRequest('3006', 'walmart', { tags: 'utm_campaign=x' })).status).toBe(422);
      const unknown = await post('connections', '3006', {
        retailerId: 'costco',
        retailerLinkUrl: 'x',
        redirectUrl: '/',
      });
      expect(unknown).toMatchObject({ status: 404, body: { detail: 'retailer costco not found' } });
    });
  });

  describe('disconnect-connection', () => {
    it('moves the connection to disconnected, with an activity entry from the Consumer', async () => {
      const linked = await linkRequest('4001', 'walmart');
      const connectionId = boundConnection((linked.body as { link_url: string }).link_url);
      expect(await post('disconnect-connection', '4001', { connectionId })).toMatchObject({
        status: 200,
        body: { success: true },
      });
      expect((await connection(connectionId)).status).toBe('disconnected');
      const activity = (await platform.api(`/connections/${connectionId}/activity`, { apiKey: team.apiKey })).body as {
        activity: Array<{ event: string; event_source: string }>;
      };
      expect(activity.activity[0]).toMatchObject({ event: 'connection_disconnected', event_source: 'Consumer' });
      // A disconnected connection means a fresh link: the next one is a new connection.
      const fresh = await linkRequest('4001', 'walmart');
      expect(boundConnection((fresh.body as { link_url: string }).link_url)).not.toBe(connectionId);
      expect((await linkRequest('4001', 'walmart', { connectionId })).status).toBe(409);
    });
  });

  describe('link/{linkId}', () => {
    const linkIdOf = async (retailerId: string) =>
      new URL((await retailers('5000')).find((row) => row.retailer_id === retailerId)!.link_url).pathname
        .split('/')
        .pop()!;

    it('redirects once into the link flow, creating the connection and then finding it; default redirect_url the homepage', async () => {
      const linkId = await linkIdOf('walmart');
      await saveSettings({ audience: 'everyone', utm_source: 'storefront-block' });
      const first = await get(`link/${linkId}`, '5001');
      expect(first.status).toBe(302);
      const flow = new URL(first.location!);
      expect(`${flow.origin}${flow.pathname}`).toBe(`${platform.gatewayUrl}/link`);
      expect(flow.searchParams.get('redirect_url')).toBe(STOREFRONT);
      expect(flow.searchParams.get('link_token')).toMatch(/^lt_v1_/);
      const connectionId = flow.searchParams.get('connection_id')!;
      expect(await connection(connectionId)).toMatchObject({
        customer_id: `${SHOP}:5001`,
        status: 'initialized',
        tags: { utm_source: 'storefront-block' },
      });
      const second = await get(`link/${linkId}`, '5001', { redirect_url: '/account' });
      expect(new URL(second.location!).searchParams.get('connection_id')).toBe(connectionId);
      expect(new URL(second.location!).searchParams.get('redirect_url')).toBe(`${STOREFRONT}account`);
      await saveSettings({ audience: 'everyone' });
    });

    it('answers 404 for the linkId of a disabled retailer, and for an unknown one', async () => {
      const linkId = await linkIdOf('kroger');
      await platform.api('/retailers/kroger', { method: 'PATCH', apiKey: team.apiKey, body: { enabled: false } });
      try {
        expect(await get(`link/${linkId}`, '5002')).toMatchObject({ status: 404, body: { detail: 'link not found' } });
        expect((await get('link/zzzzzzzzzz', '5002')).status).toBe(404);
      } finally {
        await platform.api('/retailers/kroger', { method: 'PATCH', apiKey: team.apiKey, body: { enabled: true } });
      }
    });

    it('refuses a redirect_url outside the shop', async () => {
      expect(
        (await get(`link/${await linkIdOf('walmart')}`, '5003', { redirect_url: 'https://evil.example/' })).status,
      ).toBe(422);
    });
  });

  describe('connection tags (seed: recorded only at creation, never read from page URLs)', () => {
    it("records the shop's default tags on a new connection; editing them later leaves it as it is", async () => {
      await saveSettings({ audience: 'everyone', utm_campaign: 'launch', utm_medium: 'block' });
      const linked = await linkRequest('6001', 'walmart', { tags: { utm_medium: 'banner' } });
      const connectionId = boundConnection((linked.body as { link_url: string }).link_url);
      expect((await connection(connectionId)).tags).toEqual({ utm_campaign: 'launch', utm_medium: 'banner' });
      await saveSettings({ audience: 'everyone', utm_campaign: 'later' });
      expect((await linkRequest('6001', 'walmart')).status).toBe(200); // finds the same connection
      expect((await connection(connectionId)).tags).toEqual({ utm_campaign: 'launch', utm_medium: 'banner' });
      await saveSettings({ audience: 'everyone' });
    });

    it('never takes tags from the storefront page URL (utm_* query parameters of a proxied request)', async () => {
      const row = (await retailers('6002')).find((retailer) => retailer.retailer_id === 'target')!;
      const linkId = new URL(row.link_url).pathname.split('/').pop()!;
      const followed = await get(`link/${linkId}`, '6002', { utm_campaign: 'from-url', utm_source: 'from-url' });
      expect(followed.status).toBe(302);
      expect((await connection(new URL(followed.location!).searchParams.get('connection_id')!)).tags).toEqual({});
      const posted = await send(
        'POST',
        'connections',
        signed('6003', { utm_campaign: 'from-url', request: String(++posts) }),
        { retailerId: 'target', retailerLinkUrl: row.link_url, redirectUrl: '/' },
      );
      expect((await connection(boundConnection((posted.body as { link_url: string }).link_url))).tags).toEqual({});
    });
  });

  describe('reference', () => {
    it('serves the six endpoints as OpenAPI at /openapi.json', async () => {
      const document = (await (await fetch(`${proxyUrl()}/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(operations.sort()).toEqual([
        'GET /apps/service/configuration',
        'GET /apps/service/link/{linkId}',
        'GET /apps/service/retailers',
        'GET /apps/service/visibility',
        'POST /apps/service/connections',
        'POST /apps/service/disconnect-connection',
      ]);
    });
  });

  describe('settings page (signed like the proxy requests)', () => {
    it('opens with a signed link only, keeps the API key write-only, refuses an invalid one', async () => {
      expect((await fetch(`${proxyUrl()}/settings?shop=${SHOP}`, { redirect: 'manual' })).status).toBe(403);
      const stale = signAppProxyQuery([['shop', SHOP]], SECRET, new Date(Date.now() - 120_000));
      expect((await fetch(`${proxyUrl()}/settings?${stale.toString()}`, { redirect: 'manual' })).status).toBe(401);
      const link = new URL((await connect()).settings_url).searchParams;
      const { cookie, page } = await openSettings(link);
      expect((await fetch(`${proxyUrl()}/settings?${link.toString()}`, { redirect: 'manual' })).status).toBe(401);
      expect(page).toContain(SHOP);
      expect(page).not.toContain(team.apiKey);
      const refused = await postSettings(cookie, { ...formOf(page), api_key: 'cpk_not_a_key' });
      expect(refused.status).toBe(422);
      expect(await refused.text()).toContain('This API key is not valid.');
      const spare = await platform.admin.createApiKey(team.teamId, 'replacement');
      expect((await postSettings(cookie, { ...formOf(page), api_key: spare.api_key })).status).toBe(303);
      await platform.admin.revokeApiKey(team.teamId, spare.key_id);
      expect((await get('configuration', null)).body).toMatchObject({ status: 'api_key_invalid' });
      await connect();
      const forged = await postSettings(cookie, { ...formOf(page), csrf: 'forged' });
      expect(forged.status).toBe(403);
    });
  });

  let settingsLinks = 0;

  /** Opens the settings with a freshly signed link (as the storefront platform makes one per click). */
  async function openSettings(
    link = signAppProxyQuery(
      [
        ['shop', SHOP],
        ['n', String(++settingsLinks)],
      ],
      SECRET,
      new Date(),
    ),
  ) {
    const opened = await fetch(`${proxyUrl()}/settings?${link.toString()}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    expect(opened.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
    const page = await fetch(`${proxyUrl()}/settings`, { headers: { cookie } });
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    return { cookie, page: await page.text() };
  }

  /** The form's current values, as a browser would post them back. */
  function formOf(page: string): Record<string, string> {
    const form: Record<string, string> = {};
    for (const match of page.matchAll(/<input type="(?:hidden|text)"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
      form[match[1]!] = match[2]!.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)));
    }
    form.audience = /name="audience" value="([a-z_]+)" checked/.exec(page)![1]!;
    return form;
  }

  function postSettings(cookie: string, form: Record<string, string>) {
    return fetch(`${proxyUrl()}/settings`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  async function saveSettings(changes: Record<string, string>): Promise<void> {
    const { cookie, page } = await openSettings();
    const base = {
      ...formOf(page),
      customer_tags: '',
      email_domains: '',
      utm_campaign: '',
      utm_source: '',
      utm_medium: '',
    };
    const saved = await postSettings(cookie, { ...base, ...changes });
    expect(saved.status).toBe(303);
  }
});
