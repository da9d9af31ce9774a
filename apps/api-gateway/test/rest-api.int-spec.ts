import { createHash } from 'node:crypto';
import pg from 'pg';
import { eventually, TestPlatform, type TestTeam } from '@cps/testing';
import {
  call,
  connectionToken,
  enableRetailer,
  simulatedConnection,
  simulatedPurchase,
  type ApiCall,
  type Body,
} from './support/fixtures.js';
import { TestOAuthIssuer } from './support/oauth-issuer.js';

/**
 * The brand REST API through HTTP, against the whole platform: every rule of the seed's Endpoints,
 * Ad-sharing and Errors sections, tenant isolation, and the three kinds of credentials.
 */
describe('api-gateway REST API', () => {
  let platform: TestPlatform;
  let issuer: TestOAuthIssuer;
  let db: pg.Client;
  let teamA: TestTeam;
  let teamB: TestTeam;

  const api = (path: string, init: ApiCall = {}) => call(platform, path, init);
  const asA = (path: string, init: ApiCall = {}) => api(path, { apiKey: teamA.apiKey, ...init });
  const asB = (path: string, init: ApiCall = {}) => api(path, { apiKey: teamB.apiKey, ...init });
  const oauth = (scope: string, overrides: { teamId?: string; audience?: string; expiresIn?: number } = {}) =>
    issuer.token({
      teamId: overrides.teamId ?? teamA.teamId,
      scope,
      audience: overrides.audience ?? platform.gatewayUrl,
      ...(overrides.expiresIn !== undefined ? { expiresIn: overrides.expiresIn } : {}),
    });
  const createConnection = async (team: TestTeam, body: Record<string, unknown> = {}) => {
    const response = await api('/connections', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { customer_id: 'cust_1', retailer_id: 'walmart', email: 'Shopper@Example.com', ...body },
    });
    expect(response.status).toBe(201);
    return response.body as Body;
  };
  const loc = (response: { body: Body }) => (response.body.detail as Array<{ loc: unknown[] }>).map((e) => e.loc);

  beforeAll(async () => {
    issuer = await TestOAuthIssuer.start();
    platform = await TestPlatform.start({
      serviceEnv: {
        'api-gateway': {
          AUTH_ISSUER: issuer.issuer,
          AUTH_JWKS_URL: issuer.jwksUrl,
          RATE_LIMIT_PER_MINUTE: '60000',
          RATE_LIMIT_BURST: '10000',
        },
      },
    });
    db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
    teamA = await platform.createTeam('Brand A');
    teamB = await platform.createTeam('Brand B');
    for (const team of [teamA, teamB]) {
      await enableRetailer(platform, team, 'walmart');
      await enableRetailer(platform, team, 'target');
    }
  });

  afterAll(async () => {
    await db?.end();
    await platform?.stop();
    await issuer?.stop();
  });

  describe('authentication and errors', () => {
    it('answers 401 {detail} without an API key, and with an invalid one', async () => {
      for (const [path, method] of [
        ['/connections', 'GET'],
        ['/purchases', 'GET'],
        ['/retailers', 'GET'],
        ['/link-tokens?customer_id=c', 'GET'],
        ['/ad-sharing/opt-outs', 'POST'],
      ] as const) {
        const missing = await api(path, { method, body: method === 'POST' ? { email: 'a@b.co' } : undefined });
        expect({ path, status: missing.status }).toEqual({ path, status: 401 });
        expect(Object.keys(missing.body)).toEqual(['detail']);
        expect(typeof missing.body.detail).toBe('string');
        const invalid = await api(path, { method, apiKey: 'cpk_not_a_real_key' });
        expect({ path, status: invalid.status, body: invalid.body }).toEqual({
          path,
          status: 401,
          body: { detail: 'invalid API key' },
        });
      }
    });

    it('answers malformed JSON with 422 json_invalid, never 500', async () => {
      for (const [path, method] of [
        ['/connections', 'POST'],
        ['/retailers/walmart', 'PATCH'],
        ['/link-tokens', 'POST'],
        ['/ad-sharing/opt-outs', 'POST'],
        ['/webhooks', 'POST'],
      ] as const) {
        const response = await asA(path, { method, body: '{"customer_id": "c",', headers: {} });
        expect({ path, status: response.status }).toEqual({ path, status: 422 });
        expect(response.body.detail[0]).toMatchObject({ type: 'json_invalid', loc: ['body', expect.any(Number)] });
      }
    });

    it('answers unknown routes with 404 {detail}', async () => {
      expect(await asA('/nope')).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    });

    it('sends RateLimit headers on every answer', async () => {
      const response = await asA('/retailers');
      expect(Number(response.headers.get('ratelimit-limit'))).toBe(10000);
      expect(Number(response.headers.get('ratelimit-remaining'))).toBeGreaterThan(0);
      expect(response.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
    });
  });

  describe('connections', () => {
    it('creates a connection in initialized, with tags, and reads it back', async () => {
      const tags = { utm_source: 'mail', campaign: 'spring' };
      const created = await createConnection(teamA, { customer_id: 'cust_create', tags, mobile: '+15550100' });
      expect(created).toEqual({
        connection_id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
        customer_id: 'cust_create',
        retailer_id: 'walmart',
        status: 'initialized',
        email: expect.any(String),
        mobile: '+15550100',
        tags,
      });
      expect(await asA(`/connections/${created.connection_id}`)).toMatchObject({ status: 200, body: created });
      const listed = await asA('/connections?customer_id=cust_create');
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({ connections: [created], has_more: false });
    });

    it.each([
      ['customer_id missing', { retailer_id: 'walmart' }, ['body', 'customer_id']],
      ['customer_id too long', { customer_id: 'c'.repeat(65), retailer_id: 'walmart' }, ['body', 'customer_id']],
      ['customer_id empty', { customer_id: '', retailer_id: 'walmart' }, ['body', 'customer_id']],
      ['retailer_id missing', { customer_id: 'c' }, ['body', 'retailer_id']],
      [
        'email too long',
        { customer_id: 'c', retailer_id: 'walmart', email: `${'a'.repeat(250)}@b.co` },
        ['body', 'email'],
      ],
      ['mobile too long', { customer_id: 'c', retailer_id: 'walmart', mobile: '1'.repeat(17) }, ['body', 'mobile']],
      [
        'more than 10 tags',
        {
          customer_id: 'c',
          retailer_id: 'walmart',
          tags: Object.fromEntries([...Array(11).keys()].map((i) => [`t${i}`, 'v'])),
        },
        ['body', 'tags'],
      ],
      [
        'tag name too long',
        { customer_id: 'c', retailer_id: 'walmart', tags: { ['n'.repeat(65)]: 'v' } },
        ['body', 'tags', 'n'.repeat(65)],
      ],
      [
        'tag value too long',
        { customer_id: 'c', retailer_id: 'walmart', tags: { t: 'v'.repeat(257) } },
        ['body', 'tags', 't'],
      ],
      ['unknown field', { customer_id: 'c', retailer_id: 'walmart', colour: 'red' }, ['body', 'colour']],
    ])('POST /connections: 422 for %s', async (_name, body, expectedLoc) => {
      const response = await asA('/connections', { method: 'POST', body });
      expect(response.status).toBe(422);
      expect(loc(response)).toContainEqual(expectedLoc);
    });

    it('POST /connections: 422 for a retailer not enabled for the team', async () => {
      const response = await asA('/connections', { method: 'POST', body: { customer_id: 'c', retailer_id: 'costco' } });
      expect(response.status).toBe(422);
      expect(loc(response)).toContainEqual(['body', 'retailer_id']);
    });

    it('GET /connections filters, pages and validates its query', async () => {
      await createConnection(teamA, { customer_id: 'cust_page' });
      await createConnection(teamA, { customer_id: 'cust_page', retailer_id: 'target' });
      const byRetailer = await asA('/connections?customer_id=cust_page&retailer_id=target');
      expect(byRetailer.body.connections.map((c: Body) => c.retailer_id)).toEqual(['target']);
      const first = await asA('/connections?customer_id=cust_page&limit=1');
      expect(first.body).toMatchObject({ has_more: true, connections: [expect.anything()] });
      const second = await asA(
        `/connections?customer_id=cust_page&limit=1&starting_after=${first.body.connections[0].connection_id}`,
      );
      expect(second.body.connections[0].connection_id).not.toBe(first.body.connections[0].connection_id);
      const active = await asA('/connections?customer_id=cust_page&status=active');
      expect(active.body.connections).toEqual([]);
      for (const query of ['limit=0', 'limit=101', 'limit=abc', 'status=revoked', 'status=nope']) {
        const response = await asA(`/connections?${query}`);
        expect({ query, status: response.status }).toEqual({ query, status: 422 });
        expect(loc(response)[0]![0]).toBe('query');
      }
    });

    it('GET /connections/{id}: 404 for an unknown id, 422 for an invalid one', async () => {
      expect(await asA('/connections/01J00000000000000000000000')).toMatchObject({ status: 404 });
      const invalid = await asA(`/connections/${'x'.repeat(65)}`);
      expect(invalid.status).toBe(422);
      expect(loc(invalid)).toEqual([['path', 'connection_id']]);
    });

    it('PATCH /connections/{id} changes the given fields and disconnects', async () => {
      const { connection_id } = await createConnection(teamA, { customer_id: 'cust_patch' });
      const changed = await asA(`/connections/${connection_id}`, {
        method: 'PATCH',
        body: { email: 'new@example.com', mobile: null },
      });
      expect(changed).toMatchObject({ status: 200, body: { connection_id, email: 'new@example.com', mobile: null } });
      const disconnected = await asA(`/connections/${connection_id}`, {
        method: 'PATCH',
        body: { status: 'disconnected' },
      });
      expect(disconnected).toMatchObject({ status: 200, body: { status: 'disconnected' } });
      for (const body of [{}, { colour: 'red' }, { status: 'active' }, { customer_id: '' }, { email: 5 }]) {
        const response = await asA(`/connections/${connection_id}`, { method: 'PATCH', body });
        expect({ body, status: response.status }).toEqual({ body, status: 422 });
      }
      expect(
        await asA('/connections/01J00000000000000000000000', { method: 'PATCH', body: { email: 'a@b.co' } }),
      ).toMatchObject({ status: 404 });
    });

    it('DELETE /connections/{id}: 204, then the connection is gone', async () => {
      const { connection_id } = await createConnection(teamA, { customer_id: 'cust_delete' });
      const deleted = await asA(`/connections/${connection_id}`, { method: 'DELETE' });
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBeNull();
      expect(await asA(`/connections/${connection_id}`)).toMatchObject({ status: 404 });
      expect(await asA(`/connections/${connection_id}`, { method: 'DELETE' })).toMatchObject({ status: 404 });
    });

    it('GET /connections/{id}/activity: the log, newest first, and never `revoked`', async () => {
      const { connection_id } = await createConnection(teamA, { customer_id: 'cust_activity' });
      await asA(`/connections/${connection_id}`, { method: 'PATCH', body: { email: 'other@example.com' } });
      const response = await asA(`/connections/${connection_id}/activity`);
      expect(response.status).toBe(200);
      expect(response.body.connection_id).toBe(connection_id);
      const activity = response.body.activity as Body[];
      expect(activity.length).toBeGreaterThanOrEqual(2);
      expect(activity[activity.length - 1]).toMatchObject({
        event: 'connection_created',
        event_source: 'API',
        source_id_type: 'client_api_key',
        source_id_name: 'Brand A key',
        connection_before: null,
        connection_after: expect.objectContaining({ connection_id, status: 'initialized' }),
      });
      const times = activity.map((entry) => Date.parse(entry.timestamp));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      for (const entry of activity) {
        expect(Object.keys(entry).sort()).toEqual(
          [
            'connection_after',
            'connection_before',
            'details',
            'event',
            'event_source',
            'source_id_name',
            'source_id_type',
            'timestamp',
          ].sort(),
        );
      }
      expect(JSON.stringify(response.body)).not.toContain('"revoked"');
      expect(await asA('/connections/01J00000000000000000000000/activity')).toMatchObject({ status: 404 });
      expect((await asA(`/connections/${'x'.repeat(65)}/activity`)).status).toBe(422);
    });

    it('POST /connections/{id}/token: 200 {connection_token, expires_in}; scope must be access', async () => {
      const { connection_id } = await createConnection(teamA, { customer_id: 'cust_token' });
      const issued = await asA(`/connections/${connection_id}/token`, { method: 'POST', body: { scope: 'access' } });
      expect(issued).toMatchObject({
        status: 200,
        body: { connection_token: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/), expires_in: 3600 },
      });
      for (const body of [{}, { scope: 'read' }, { scope: 'ACCESS' }, { scope: 'access', extra: 1 }, [], 'access']) {
        const response = await asA(`/connections/${connection_id}/token`, { method: 'POST', body });
        expect({ body, status: response.status }).toEqual({ body, status: 422 });
      }
      const noBody = await asA(`/connections/${connection_id}/token`, { method: 'POST' });
      expect(noBody.status).toBe(422);
      expect(
        await asA('/connections/01J00000000000000000000000/token', { method: 'POST', body: { scope: 'access' } }),
      ).toMatchObject({ status: 404 });
    });
  });

  describe('purchases', () => {
    let connectionId: string;
    let otherConnectionId: string;
    let token: string;
    let purchaseIds: string[];

    beforeAll(async () => {
      connectionId = await simulatedConnection(platform, teamA, { include_purchases: true });
      otherConnectionId = await simulatedConnection(platform, teamA);
      for (let i = 0; i < 3; i += 1) await simulatedPurchase(platform, teamA, connectionId);
      token = await connectionToken(platform, teamA, connectionId);
      const listed = await asA('/purchases?limit=50', { bearer: token });
      purchaseIds = listed.body.purchases.map((purchase: Body) => purchase.purchase_id);
    });

    it('GET /purchases needs the API key and a connection token of the same team', async () => {
      const listed = await asA('/purchases', { bearer: token });
      expect(listed.status).toBe(200);
      expect(Object.keys(listed.body).sort()).toEqual(['has_more', 'purchases']);
      expect(listed.body.purchases.length).toBeGreaterThanOrEqual(4);
      for (const purchase of listed.body.purchases) {
        expect(Object.keys(purchase).sort()).toEqual(['date', 'purchase_id', 'purchase_type', 'total']);
        expect(purchase.total).toMatch(/^-?\d+\.\d{2}$/);
        expect(['online', 'in_store']).toContain(purchase.purchase_type);
      }
      const dates = listed.body.purchases.map((purchase: Body) => Date.parse(purchase.date));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);

      expect((await asA('/purchases')).status).toBe(401);
      expect((await api('/purchases', { bearer: token })).status).toBe(401);
      expect((await asB('/purchases', { bearer: token })).status).toBe(401);
      expect((await asA('/purchases', { bearer: `${token.slice(0, -3)}abc` })).status).toBe(401);
      const partnerToken = await oauth('purchases:brand_products');
      expect((await asA('/purchases', { bearer: partnerToken })).status).toBe(401);
      expect((await api('/purchases', { bearer: partnerToken })).status).toBe(401);
    });

    it('GET /purchases pages with limit (default 10, 1 to 50) and starting_after', async () => {
      const first = await asA('/purchases?limit=2', { bearer: token });
      expect(first.body).toMatchObject({ has_more: true });
      expect(first.body.purchases).toHaveLength(2);
      const next = await asA(`/purchases?limit=50&starting_after=${first.body.purchases[1].purchase_id}`, {
        bearer: token,
      });
      expect([...first.body.purchases, ...next.body.purchases].map((p: Body) => p.purchase_id)).toEqual(purchaseIds);
      expect(next.body.has_more).toBe(false);
      for (const query of ['limit=0', 'limit=51', 'limit=1.5', 'limit=x', `starting_after=${'x'.repeat(65)}`]) {
        const response = await asA(`/purchases?${query}`, { bearer: token });
        expect({ query, status: response.status }).toEqual({ query, status: 422 });
        expect(loc(response)[0]![0]).toBe('query');
      }
    });

    it('GET /purchases/{id}: the detail with items and their matched product', async () => {
      const detail = await asA(`/purchases/${purchaseIds[0]}`, { bearer: token });
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        purchase_id: purchaseIds[0],
        connection_id: connectionId,
        retailer_id: 'walmart',
        currency: 'USD',
        is_simulated: true,
      });
      expect(detail.body.items.length).toBeGreaterThan(0);
      for (const item of detail.body.items) expect(item).toHaveProperty('product');
      const otherToken = await connectionToken(platform, teamA, otherConnectionId);
      expect((await asA(`/purchases/${purchaseIds[0]}`, { bearer: otherToken })).status).toBe(404);
      expect((await asA('/purchases/01J00000000000000000000000', { bearer: token })).status).toBe(404);
      expect((await asA(`/purchases/${purchaseIds[0]}`)).status).toBe(401);
      expect((await asA(`/purchases/${'x'.repeat(65)}`, { bearer: token })).status).toBe(422);
    });

    it('GET /purchases/{id} with a partner token: only items matched to the brand; none is 404', async () => {
      const purchaseId = purchaseIds[0]!;
      const partner = await oauth('purchases:brand_products');
      expect(await api(`/purchases/${purchaseId}`, { bearer: partner })).toMatchObject({ status: 404 });

      // Match one item to a product of team A, as matching-service would (after it has seen the purchase).
      const detail = (await asA(`/purchases/${purchaseId}`, { bearer: token })).body;
      await eventually(async () => {
        const { rows } = await db.query('SELECT count(*)::int AS n FROM matching.item_matches WHERE purchase_id = $1', [
          purchaseId,
        ]);
        expect(rows[0].n).toBe(detail.items.length);
      });
      const item = detail.items[0];
      await db.query(
        `INSERT INTO matching.products (id, team_id, name, brand, upc) VALUES ('prod_test_1', $1, 'Test product', 'Brand A', NULL)`,
        [teamA.teamId],
      );
      await db.query(
        `UPDATE matching.item_matches SET product_id = 'prod_test_1', method = 'sku' WHERE purchase_id = $1 AND item_id = $2`,
        [purchaseId, item.item_id],
      );

      const narrowed = await api(`/purchases/${purchaseId}`, { bearer: partner });
      expect(narrowed.status).toBe(200);
      expect(narrowed.body.items).toEqual([
        {
          ...item,
          product: { product_id: 'prod_test_1', name: 'Test product', brand: 'Brand A', upc: null },
        },
      ]);
      expect(narrowed.body.item_count).toBe(item.quantity);
      const full = await asA(`/purchases/${purchaseId}`, { bearer: token });
      expect(full.body.items.find((entry: Body) => entry.item_id === item.item_id).product).toMatchObject({
        product_id: 'prod_test_1',
      });

      // Another team's partner sees nothing of it; a token without the scope is 403.
      expect(
        (
          await api(`/purchases/${purchaseId}`, {
            bearer: await oauth('purchases:brand_products', { teamId: teamB.teamId }),
          })
        ).status,
      ).toBe(404);
      const wrongScope = await api(`/purchases/${purchaseId}`, { bearer: await oauth('connections:read') });
      expect(wrongScope.status).toBe(403);
      expect(wrongScope.body).toEqual({ detail: expect.any(String), error: 'insufficient_scope' });
      expect(wrongScope.headers.get('www-authenticate')).toBe(
        'Bearer error="insufficient_scope", scope="purchases:brand_products"',
      );
    });
  });

  describe('retailers', () => {
    it('GET /retailers: the enabled retailers by default, all with include=all', async () => {
      const enabled = await asA('/retailers');
      expect(enabled.status).toBe(200);
      expect(enabled.body.retailers.map((r: Body) => r.retailer_id).sort()).toEqual(['target', 'walmart']);
      for (const retailer of enabled.body.retailers) {
        expect(retailer).toMatchObject({
          enabled: true,
          link_url: expect.stringMatching(/\/link\/[0-9A-Za-z]{10}$/),
          link_visibility: expect.any(String),
          link_audience: { allowed_emails: expect.any(Array), allowed_domains: expect.any(Array) },
          images: { logo: { light: expect.any(String), dark: expect.any(String) }, icon: expect.any(Object) },
        });
      }
      const all = await asA('/retailers?include=all');
      const costco = all.body.retailers.find((r: Body) => r.retailer_id === 'costco');
      expect(costco).toMatchObject({ enabled: false, link_url: null });
      expect(costco).not.toHaveProperty('link_visibility');
      expect((await asA('/retailers?include=some')).status).toBe(422);
    });

    it('GET /retailers with an OAuth token: retailers:read and no API key; otherwise 403', async () => {
      const read = await api('/retailers', { bearer: await oauth('retailers:read') });
      expect(read.status).toBe(200);
      expect(read.body.retailers.map((r: Body) => r.retailer_id).sort()).toEqual(['target', 'walmart']);
      const forbidden = await api('/retailers', { bearer: await oauth('connections:read purchases:brand_products') });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ detail: expect.any(String), error: 'insufficient_scope' });
      expect(forbidden.headers.get('www-authenticate')).toBe(
        'Bearer error="insufficient_scope", scope="retailers:read"',
      );
    });

    it('rejects OAuth tokens with the wrong audience, expired, from another issuer or signed by another key', async () => {
      const cases = {
        audience: await oauth('retailers:read', { audience: 'https://mcp.example.com' }),
        expired: await oauth('retailers:read', { expiresIn: -60 }),
        issuer: await issuer.token({
          teamId: teamA.teamId,
          scope: 'retailers:read',
          audience: platform.gatewayUrl,
          issuer: 'https://evil.example.com',
        }),
        key: await issuer.token({
          teamId: teamA.teamId,
          scope: 'retailers:read',
          audience: platform.gatewayUrl,
          foreignKey: true,
        }),
        garbage: 'not-a-token',
      };
      for (const [name, bearer] of Object.entries(cases)) {
        const response = await api('/retailers', { bearer });
        expect({ name, status: response.status }).toEqual({ name, status: 401 });
        expect(Object.keys(response.body)).toEqual(['detail']);
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    });

    it('PATCH /retailers/{id}: enable, configure visibility and audience, disable', async () => {
      const enabled = await asB('/retailers/kroger', { method: 'PATCH', body: { enabled: true } });
      expect(enabled).toMatchObject({
        status: 200,
        body: { retailer_id: 'kroger', enabled: true, link_visibility: 'everyone' },
      });
      const again = await asB('/retailers/kroger', { method: 'PATCH', body: { enabled: true } });
      expect(again.body.link_url).toBe(enabled.body.link_url);

      const restricted = await asB('/retailers/kroger', {
        method: 'PATCH',
        body: {
          link_visibility: 'restricted',
          link_audience: { allowed_emails: ['VIP@Example.com'], allowed_domains: ['example.org'] },
        },
      });
      expect(restricted).toMatchObject({
        status: 200,
        body: {
          link_visibility: 'restricted',
          link_audience: { allowed_emails: ['vip@example.com'], allowed_domains: ['example.org'] },
        },
      });
      const emptied = await asB('/retailers/kroger', {
        method: 'PATCH',
        body: { link_audience: { allowed_emails: [], allowed_domains: [] } },
      });
      expect(emptied.status).toBe(422);
      const hidden = await asB('/retailers/kroger', { method: 'PATCH', body: { link_visibility: 'hidden' } });
      expect(hidden.body).toMatchObject({
        link_visibility: 'hidden',
        link_audience: { allowed_emails: ['vip@example.com'] },
      });

      const disabled = await asB('/retailers/kroger', { method: 'PATCH', body: { enabled: false } });
      expect(disabled.body).toEqual(expect.objectContaining({ enabled: false, link_url: null }));
      expect(disabled.body).not.toHaveProperty('link_visibility');
      const reenabled = await asB('/retailers/kroger', { method: 'PATCH', body: { enabled: true } });
      expect(reenabled.body).toMatchObject({ link_visibility: 'everyone' });
      expect(reenabled.body.link_url).not.toBe(enabled.body.link_url);

      const together = await asB('/retailers/cvs', {
        method: 'PATCH',
        body: { enabled: true, link_visibility: 'hidden' },
      });
      expect(together).toMatchObject({ status: 200, body: { enabled: true, link_visibility: 'hidden' } });
    });

    it.each([
      ['an empty body', {}],
      ['an unknown field', { enabled: true, colour: 'red' }],
      ['a non-boolean enabled', { enabled: 'yes' }],
      ['an unknown visibility', { link_visibility: 'secret' }],
      ['an invalid email', { link_audience: { allowed_emails: ['nobody'], allowed_domains: [] } }],
      ['an invalid domain', { link_audience: { allowed_emails: [], allowed_domains: ['https://example.com/x'] } }],
      ['an audience missing a list', { link_audience: { allowed_emails: ['a@example.com'] } }],
      ['link settings while disabling', { enabled: false, link_visibility: 'everyone' }],
      ['restricted without an audience', { link_visibility: 'restricted' }],
      [
        'restricted with an empty audience',
        { link_visibility: 'restricted', link_audience: { allowed_emails: [], allowed_domains: [] } },
      ],
    ])('PATCH /retailers/{id}: 422 for %s', async (_name, body) => {
      const response = await asA('/retailers/walmart', { method: 'PATCH', body });
      expect(response.status).toBe(422);
      expect(Array.isArray(response.body.detail)).toBe(true);
      expect(response.body.detail[0]).toEqual(
        expect.objectContaining({
          loc: expect.arrayContaining(['body']),
          msg: expect.any(String),
          type: expect.any(String),
        }),
      );
    });

    it('PATCH /retailers/{id}: 404 for an unknown retailer and for link settings of one not enabled', async () => {
      expect(await asA('/retailers/nope', { method: 'PATCH', body: { enabled: true } })).toMatchObject({ status: 404 });
      expect(await asA('/retailers/Not A Slug', { method: 'PATCH', body: { enabled: true } })).toMatchObject({
        status: 404,
      });
      expect(await asA('/retailers/costco', { method: 'PATCH', body: { link_visibility: 'hidden' } })).toMatchObject({
        status: 404,
      });
    });

    it('PATCH /retailers/{id} with an OAuth token needs retailers:write', async () => {
      const write = await api('/retailers/amazon', {
        method: 'PATCH',
        body: { enabled: true },
        bearer: await oauth('retailers:write'),
      });
      expect(write).toMatchObject({ status: 200, body: { retailer_id: 'amazon', enabled: true } });
      const readOnly = await api('/retailers/amazon', {
        method: 'PATCH',
        body: { enabled: false },
        bearer: await oauth('retailers:read connections:read purchases:brand_products'),
      });
      expect(readOnly.status).toBe(403);
      expect(readOnly.headers.get('www-authenticate')).toBe(
        'Bearer error="insufficient_scope", scope="retailers:write"',
      );
      await asA('/retailers/amazon', { method: 'PATCH', body: { enabled: false } });
    });
  });

  describe('link tokens', () => {
    it('POST /link-tokens: 201 with the token and its metadata; defaults to 30 days', async () => {
      const created = await asA('/link-tokens', {
        method: 'POST',
        body: { customer_id: 'cust_lt', email: 'a@example.com' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        customer_id: 'cust_lt',
        status: 'active',
        created_at: expect.any(String),
        expires_at: expect.any(String),
        link_token: expect.stringMatching(/^lt_v1_[A-Za-z0-9_-]{43}$/),
      });
      const days = (Date.parse(created.body.expires_at) - Date.parse(created.body.created_at)) / 86_400_000;
      expect(Math.round(days)).toBe(30);
      const week = await asA('/link-tokens', { method: 'POST', body: { customer_id: 'cust_lt', expires_in_days: 7 } });
      expect(Math.round((Date.parse(week.body.expires_at) - Date.parse(week.body.created_at)) / 86_400_000)).toBe(7);
    });

    it('POST /link-tokens: X-Service-Idempotency-Key replays an identical request', async () => {
      const body = { customer_id: 'cust_idem', tags: { utm_source: 'x' } };
      const headers = { 'x-service-idempotency-key': 'idem-1' };
      const first = await asA('/link-tokens', { method: 'POST', body, headers });
      const replay = await asA('/link-tokens', { method: 'POST', body, headers });
      expect(first.status).toBe(201);
      expect(replay.status).toBe(201);
      expect(replay.body.link_token).toBe(first.body.link_token);
      const different = await asA('/link-tokens', { method: 'POST', body: { customer_id: 'cust_other' }, headers });
      expect(different.status).toBe(422);
      const withoutKey1 = await asA('/link-tokens', { method: 'POST', body });
      const withoutKey2 = await asA('/link-tokens', { method: 'POST', body });
      expect(withoutKey1.body.link_token).not.toBe(withoutKey2.body.link_token);
      const tooLongKey = await asA('/link-tokens', {
        method: 'POST',
        body,
        headers: { 'x-service-idempotency-key': 'k'.repeat(256) },
      });
      expect(tooLongKey.status).toBe(422);
      expect(loc(tooLongKey)).toEqual([['header', 'x-service-idempotency-key']]);
    });

    it.each([
      ['customer_id missing', {}, ['body', 'customer_id']],
      ['customer_id empty', { customer_id: '' }, ['body', 'customer_id']],
      ['customer_id of 65 characters', { customer_id: 'c'.repeat(65) }, ['body', 'customer_id']],
      ['email of 255 characters', { customer_id: 'c', email: `${'a'.repeat(251)}@b.co` }, ['body', 'email']],
      ['mobile of 17 characters', { customer_id: 'c', mobile: '1'.repeat(17) }, ['body', 'mobile']],
      ['expires_in_days 0', { customer_id: 'c', expires_in_days: 0 }, ['body', 'expires_in_days']],
      ['expires_in_days 366', { customer_id: 'c', expires_in_days: 366 }, ['body', 'expires_in_days']],
      ['fractional expires_in_days', { customer_id: 'c', expires_in_days: 1.5 }, ['body', 'expires_in_days']],
      [
        '11 tags',
        { customer_id: 'c', tags: Object.fromEntries([...Array(11).keys()].map((i) => [`t${i}`, 'v'])) },
        ['body', 'tags'],
      ],
      ['an unknown field', { customer_id: 'c', redirect_url: 'https://x' }, ['body', 'redirect_url']],
    ])('POST /link-tokens: 422 for %s', async (_name, body, expectedLoc) => {
      const response = await asA('/link-tokens', { method: 'POST', body });
      expect(response.status).toBe(422);
      expect(loc(response)).toContainEqual(expectedLoc);
    });

    it('GET /link-tokens: metadata only, filtered by status; customer_id required', async () => {
      const created = await asA('/link-tokens', {
        method: 'POST',
        body: { customer_id: 'cust_list', email: 'a@example.com' },
      });
      await asA('/link-tokens', { method: 'POST', body: { customer_id: 'cust_list' } });
      await asA(`/link-tokens/${created.body.link_token}`, { method: 'DELETE' });
      const listed = await asA('/link-tokens?customer_id=cust_list');
      expect(listed.status).toBe(200);
      expect(Object.keys(listed.body)).toEqual(['link_tokens']);
      expect(listed.body.link_tokens).toHaveLength(2);
      expect(JSON.stringify(listed.body)).not.toContain('lt_v1_');
      expect(JSON.stringify(listed.body)).not.toContain('a@example.com');
      const revoked = await asA('/link-tokens?customer_id=cust_list&status=revoked');
      expect(revoked.body.link_tokens).toEqual([
        expect.objectContaining({ status: 'revoked', revoked_at: expect.any(String) }),
      ]);
      expect((await asA('/link-tokens')).status).toBe(422);
      expect((await asA('/link-tokens?customer_id=c&status=used')).status).toBe(422);
      expect(await asA('/link-tokens?customer_id=nobody')).toMatchObject({ status: 200, body: { link_tokens: [] } });
    });

    it('DELETE /link-tokens/{token}: 204 for active and already revoked, 404 for unknown', async () => {
      const created = await asA('/link-tokens', { method: 'POST', body: { customer_id: 'cust_revoke' } });
      const revoke = () => asA(`/link-tokens/${created.body.link_token}`, { method: 'DELETE' });
      const first = await revoke();
      expect(first.status).toBe(204);
      expect(first.body).toBeNull();
      expect((await revoke()).status).toBe(204);
      expect((await asA(`/link-tokens/lt_v1_${'A'.repeat(43)}`, { method: 'DELETE' })).status).toBe(404);
      expect((await asA(`/link-tokens/${'x'.repeat(500)}`, { method: 'DELETE' })).status).toBe(404);
    });

    it('accepts OAuth tokens with connections:write (create, revoke) and connections:read (list)', async () => {
      const created = await api('/link-tokens', {
        method: 'POST',
        body: { customer_id: 'cust_oauth' },
        bearer: await oauth('connections:write'),
      });
      expect(created.status).toBe(201);
      const listed = await api('/link-tokens?customer_id=cust_oauth', { bearer: await oauth('connections:read') });
      expect(listed.body.link_tokens).toHaveLength(1);
      const readOnly = await api('/link-tokens', {
        method: 'POST',
        body: { customer_id: 'cust_oauth' },
        bearer: await oauth('connections:read'),
      });
      expect(readOnly.status).toBe(403);
      expect(readOnly.headers.get('www-authenticate')).toContain('scope="connections:write"');
      const revoked = await api(`/link-tokens/${created.body.link_token}`, {
        method: 'DELETE',
        bearer: await oauth('connections:write'),
      });
      expect(revoked.status).toBe(204);
    });
  });

  describe('ad-sharing opt-outs', () => {
    const optOut = (body: unknown, init: ApiCall = {}) =>
      asA('/ad-sharing/opt-outs', { method: 'POST', body, ...init });
    const hash = (email: string) => createHash('sha256').update(email).digest('hex');
    const recorded = async (team: TestTeam, email: string) => {
      const { rows } = await db.query('SELECT 1 FROM events.ad_opt_outs WHERE team_id = $1 AND email_hash = $2', [
        team.teamId,
        hash(email),
      ]);
      return rows.length === 1;
    };

    it('records an email, trimmed and lower-cased: 204 with an empty body', async () => {
      const response = await optOut({ email: '  Opted.Out@Example.COM ' });
      expect(response.status).toBe(204);
      expect(response.body).toBeNull();
      expect(await recorded(teamA, 'opted.out@example.com')).toBe(true);
      expect(await recorded(teamB, 'opted.out@example.com')).toBe(false);
      expect((await optOut({ email: 'opted.out@example.com' })).status).toBe(204);
    });

    it("uses the connection's email, and ignores email when both are given", async () => {
      const connection = await createConnection(teamA, { customer_id: 'cust_optout', email: 'Conn.Owner@Example.COM' });
      const response = await optOut({ connection_id: connection.connection_id, email: 'ignored@example.com' });
      expect(response.status).toBe(204);
      expect(await recorded(teamA, 'conn.owner@example.com')).toBe(true);
      expect(await recorded(teamA, 'ignored@example.com')).toBe(false);
    });

    it('404 for a connection that is unknown, foreign or simulated', async () => {
      const foreign = await createConnection(teamB, { customer_id: 'cust_foreign' });
      const simulated = await simulatedConnection(platform, teamA, { email: 'sim@example.com' });
      for (const connectionId of ['01J00000000000000000000000', foreign.connection_id, simulated]) {
        const response = await optOut({ connection_id: connectionId, email: 'fallback@example.com' });
        expect({ connectionId, status: response.status }).toEqual({ connectionId, status: 404 });
      }
      expect(await recorded(teamA, 'fallback@example.com')).toBe(false);
    });

    it('422 for neither field, a connection without email, and overlong fields', async () => {
      const noEmail = await createConnection(teamA, { customer_id: 'cust_noemail', email: null });
      const cases: Array<[string, unknown]> = [
        ['neither field', {}],
        ['blank email', { email: '   ' }],
        ['connection without an email', { connection_id: noEmail.connection_id }],
        ['email over 254', { email: `${'a'.repeat(251)}@b.co` }],
        ['connection_id over 64', { connection_id: 'c'.repeat(65) }],
        ['unknown field', { email: 'a@b.co', reason: 'x' }],
        ['not an object', ['a@b.co']],
      ];
      for (const [name, body] of cases) {
        const response = await optOut(body);
        expect({ name, status: response.status }).toEqual({ name, status: 422 });
        expect(response.body.detail[0]).toEqual(
          expect.objectContaining({ loc: expect.any(Array), type: expect.any(String) }),
        );
      }
    });

    it('needs an API key: 401 without, with an invalid one, or with an OAuth token', async () => {
      expect((await api('/ad-sharing/opt-outs', { method: 'POST', body: { email: 'a@b.co' } })).status).toBe(401);
      expect((await optOut({ email: 'a@b.co' }, { apiKey: 'cpk_wrong' })).status).toBe(401);
      const withToken = await api('/ad-sharing/opt-outs', {
        method: 'POST',
        body: { email: 'a@b.co' },
        bearer: await oauth('connections:write connections:read retailers:read'),
      });
      expect(withToken.status).toBe(401);
    });
  });

  describe('webhooks and simulator scopes', () => {
    it('accepts webhooks:read / webhooks:write and simulator:write tokens, and 403s the others', async () => {
      const created = await api('/webhooks', {
        method: 'POST',
        body: { url: 'https://hooks.example.com/x', event_types: ['purchase.created'] },
        bearer: await oauth('webhooks:write'),
      });
      expect(created.status).toBe(201);
      expect((await api('/webhooks', { bearer: await oauth('webhooks:read') })).status).toBe(200);
      const denied = await api('/webhooks', { bearer: await oauth('webhooks:write') });
      expect(denied.status).toBe(403);
      expect(denied.headers.get('www-authenticate')).toContain('scope="webhooks:read"');
      const sim = await api('/simulated-connections', {
        method: 'POST',
        body: { retailer_id: 'walmart', include_purchases: false },
        bearer: await oauth('simulator:write'),
      });
      expect(sim).toMatchObject({ status: 201, body: { status: 'active' } });
      expect(
        (
          await api('/simulated-connections', {
            method: 'POST',
            body: { retailer_id: 'walmart' },
            bearer: await oauth('webhooks:write'),
          })
        ).status,
      ).toBe(403);
      // The activity log names the OAuth client.
      const activity = await asA(`/connections/${sim.body.connection_id}/activity`);
      expect(activity.body.activity.at(-1)).toMatchObject({ event_source: 'API', source_id_name: 'test_partner_app' });
    });

    it('accepts connections:read tokens on connection reads and activity', async () => {
      const { connection_id } = await createConnection(teamA, { customer_id: 'cust_oauth_read' });
      const read = await oauth('connections:read');
      expect((await api(`/connections/${connection_id}`, { bearer: read })).status).toBe(200);
      expect((await api(`/connections/${connection_id}/activity`, { bearer: read })).status).toBe(200);
      expect(
        (
          await api('/connections', {
            method: 'POST',
            body: { customer_id: 'c', retailer_id: 'walmart' },
            bearer: read,
          })
        ).status,
      ).toBe(403);
      expect(
        (await api(`/connections/${connection_id}/token`, { method: 'POST', body: { scope: 'access' }, bearer: read }))
          .status,
      ).toBe(401);
    });
  });

  describe('tenant isolation', () => {
    it("gives another team 404 or an empty list for every endpoint on a team's objects, and changes nothing", async () => {
      const connection = await createConnection(teamA, { customer_id: 'cust_isolated' });
      const id = connection.connection_id as string;
      const simulated = await simulatedConnection(platform, teamA, { include_purchases: true });
      const purchase = await simulatedPurchase(platform, teamA, simulated);
      const linkToken = (await asA('/link-tokens', { method: 'POST', body: { customer_id: 'cust_isolated' } })).body
        .link_token as string;
      const webhook = (
        await asA('/webhooks', {
          method: 'POST',
          body: { url: 'https://hooks.example.com/a', event_types: ['purchase.created'] },
        })
      ).body;
      const tokenA = await connectionToken(platform, teamA, simulated);
      const bOwn = await simulatedConnection(platform, teamB);
      const tokenB = await connectionToken(platform, teamB, bOwn);
      const partnerB = await oauth('purchases:brand_products connections:read', { teamId: teamB.teamId });

      const notFound: Array<[string, string, unknown?, ApiCall?]> = [
        ['GET', `/connections/${id}`],
        ['PATCH', `/connections/${id}`, { email: 'stolen@example.com' }],
        ['DELETE', `/connections/${id}`],
        ['GET', `/connections/${id}/activity`],
        ['POST', `/connections/${id}/token`, { scope: 'access' }],
        ['GET', `/purchases/${purchase.purchase_id}`, undefined, { bearer: tokenB }],
        ['DELETE', `/link-tokens/${linkToken}`],
        ['GET', `/webhooks/${webhook.webhook_id}`],
        ['PATCH', `/webhooks/${webhook.webhook_id}`, { name: 'stolen' }],
        ['DELETE', `/webhooks/${webhook.webhook_id}`],
        ['GET', `/webhooks/${webhook.webhook_id}/deliveries`],
        ['POST', `/simulated-connections/${simulated}/purchases`],
        ['POST', '/ad-sharing/opt-outs', { connection_id: id }],
      ];
      for (const [method, path, body, init] of notFound) {
        const response = await asB(path, { method, body, ...init });
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
      }
      expect((await api(`/purchases/${purchase.purchase_id}`, { bearer: partnerB })).status).toBe(404);
      expect((await api(`/connections/${id}`, { bearer: partnerB })).status).toBe(404);
      // A's connection token with B's key.
      expect((await asB('/purchases', { bearer: tokenA })).status).toBe(401);

      const lists: Array<[string, (body: Body) => unknown[]]> = [
        ['/connections?customer_id=cust_isolated', (body) => body.connections],
        ['/link-tokens?customer_id=cust_isolated', (body) => body.link_tokens],
        ['/webhooks', (body) => body.webhooks.filter((w: Body) => w.webhook_id === webhook.webhook_id)],
        ['/purchases', (body) => body.purchases.filter((p: Body) => p.purchase_id === purchase.purchase_id)],
      ];
      for (const [path, entries] of lists) {
        const response = await asB(path, { bearer: path === '/purchases' ? tokenB : undefined });
        expect({ path, status: response.status }).toEqual({ path, status: 200 });
        expect({ path, entries: entries(response.body) }).toEqual({ path, entries: [] });
      }
      const connectionsOfB = (await asB('/connections?limit=100')).body.connections.map((c: Body) => c.connection_id);
      expect(connectionsOfB).not.toContain(id);

      // Nothing changed for A.
      expect(await asA(`/connections/${id}`)).toMatchObject({ status: 200, body: connection });
      expect((await asA(`/webhooks/${webhook.webhook_id}`)).body.name).toBe(webhook.name);
      expect((await asA('/link-tokens?customer_id=cust_isolated')).body.link_tokens).toEqual([
        expect.objectContaining({ status: 'active' }),
      ]);
      expect((await asA(`/purchases/${purchase.purchase_id}`, { bearer: tokenA })).status).toBe(200);
    });
  });
});
