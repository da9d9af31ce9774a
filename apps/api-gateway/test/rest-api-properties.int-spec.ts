import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { ulid } from 'ulid';
import { DEVELOPMENT_RETAILER_PUSH_SECRET, retailerAccountRef } from '@cps/domain';
import { TestPlatform, type TestTeam } from '@cps/testing';
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

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
// ajv-formats is CommonJS: its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => void;

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) });

/**
 * Properties of the REST API as a whole: paging returns every purchase once in order for any page size;
 * no input makes it fail with a 5xx; and what it answers is what /openapi.json says.
 */
describe('api-gateway REST API properties', () => {
  let platform: TestPlatform;
  let issuer: TestOAuthIssuer;
  let db: pg.Client;
  let team: TestTeam;
  let connectionId: string;
  let token: string;
  let document: Json;

  const api = (path: string, init: ApiCall = {}) => call(platform, path, init);

  beforeAll(async () => {
    issuer = await TestOAuthIssuer.start();
    platform = await TestPlatform.start({
      serviceEnv: {
        'api-gateway': {
          AUTH_ISSUER: issuer.issuer,
          AUTH_JWKS_URL: issuer.jwksUrl,
          RATE_LIMIT_PER_MINUTE: '600000',
          RATE_LIMIT_BURST: '100000',
        },
      },
    });
    db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
    team = await platform.createTeam('Property Brand');
    await enableRetailer(platform, team, 'walmart');
    connectionId = await simulatedConnection(platform, team);
    token = await connectionToken(platform, team, connectionId);
    document = (await api('/openapi.json')).body;
  });

  afterAll(async () => {
    await db?.end();
    await platform?.stop();
    await issuer?.stop();
  });

  describe('GET /purchases paging', () => {
    let expected: Array<{ id: string; date: number }>;

    beforeAll(async () => {
      for (let i = 0; i < 5; i += 1) await simulatedPurchase(platform, team, connectionId);
      // Purchases sharing a date, in groups, as a retailer reports them (whole seconds, one order per shipment),
      // inside the connection's history window (365 days by default; older ones are not the brand's to read).
      const daysAgo = (days: number) => new Date(Math.floor((Date.now() - days * 86_400_000) / 1000) * 1000);
      const shared = daysAgo(40);
      const dates = [shared, shared, daysAgo(75)];
      for (const date of dates) {
        for (let i = 0; i < 4; i += 1) {
          await db.query(
            // quiet: stored for reading only, so sync-service's reconciliation job does not announce them.
            `INSERT INTO sync.purchases (id, team_id, connection_id, retailer_id, date, purchase_type, items_subtotal, total, is_simulated, quiet)
             VALUES ($1, $2, $3, 'walmart', $4, 'online', 10.00, 10.00, true, true)`,
            [ulid(), team.teamId, connectionId, date],
          );
        }
      }
      const { rows } = await db.query('SELECT id, date FROM sync.purchases WHERE connection_id = $1', [connectionId]);
      expected = rows
        .map((row: { id: string; date: Date }) => ({ id: row.id, date: row.date.getTime() }))
        .sort((a, b) => b.date - a.date || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
      expect(expected.length).toBe(5 + 3 * 4);
    });

    async function pageThrough(limit: number | undefined): Promise<Body[]> {
      const seen: Body[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 100; page += 1) {
        const query = new URLSearchParams();
        if (limit !== undefined) query.set('limit', String(limit));
        if (cursor) query.set('starting_after', cursor);
        const response = await api(`/purchases?${query}`, { apiKey: team.apiKey, bearer: token });
        expect(response.status).toBe(200);
        expect(response.body.purchases.length).toBeLessThanOrEqual(limit ?? 10);
        seen.push(...response.body.purchases);
        if (!response.body.has_more) return seen;
        expect(response.body.purchases.length).toBe(limit ?? 10);
        cursor = response.body.purchases.at(-1).purchase_id;
      }
      throw new Error('paging did not end');
    }

    it('returns every purchase exactly once, newest first, equal dates by id, for any page size', async () => {
      await fc.assert(
        fc.asyncProperty(fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }), async (limit) => {
          const seen = await pageThrough(limit);
          expect(seen.map((purchase) => purchase.purchase_id)).toEqual(expected.map((purchase) => purchase.id));
          expect(new Set(seen.map((purchase) => purchase.purchase_id)).size).toBe(seen.length);
          expect(seen.map((purchase) => Date.parse(purchase.date))).toEqual(expected.map((purchase) => purchase.date));
        }),
        { numRuns: 20, examples: [[1], [2], [4], [13], [50], [undefined]] },
      );
    });
  });

  describe('fuzzing', () => {
    const operations = () =>
      Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
      );

    const segment = fc.oneof(
      printable,
      fc.constantFrom(
        '',
        '..',
        '%',
        '%zz',
        '\u0000',
        'ünïcødé',
        '🙂',
        'x'.repeat(300),
        "' OR 1=1 --",
        '01J00000000000000000000000',
      ),
      fc.string({ unit: 'grapheme' }),
    );
    const jsonValue = fc.jsonValue({ maxDepth: 4 });
    const body = fc.oneof(
      jsonValue.map((value) => JSON.stringify(value)),
      printable,
      fc.constantFrom(
        '{',
        '{"a":',
        '[1,2',
        'null',
        '"x"',
        '{"customer_id": 1e999}',
        '\u0000',
        '{"__proto__": {"x": 1}}',
      ),
      fc
        .dictionary(
          fc.constantFrom(
            'customer_id',
            'retailer_id',
            'email',
            'mobile',
            'tags',
            'scope',
            'enabled',
            'link_visibility',
            'link_audience',
            'connection_id',
            'expires_in_days',
            'url',
            'event_types',
            'status',
            'include_purchases',
          ),
          jsonValue,
        )
        .map((value) => JSON.stringify(value)),
    );
    const headerValue = printable;
    const request = fc.record({
      segments: fc.array(segment, { minLength: 3, maxLength: 3 }),
      query: fc.oneof(
        fc.dictionary(
          fc.constantFrom('limit', 'starting_after', 'customer_id', 'status', 'include', 'retailer_id', 'x'),
          printable,
        ),
        printable.map((raw) => raw),
      ),
      body: fc.option(body, { nil: undefined }),
      contentType: fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/merge-patch+json',
        '',
      ),
      credentials: fc.constantFrom('key', 'key', 'key+token', 'none', 'garbage-key', 'garbage-bearer', 'oauth'),
      extraHeader: fc.option(
        fc.tuple(fc.constantFrom('x-service-idempotency-key', 'x-api-key', 'authorization'), headerValue),
        {
          nil: undefined,
        },
      ),
    });

    it('never answers 5xx, whatever the path, query, headers and body', async () => {
      const oauthToken = await issuer.token({
        teamId: team.teamId,
        scope: Object.keys(document.components.securitySchemes.OAuth2.flows.authorizationCode.scopes as Json).join(' '),
        audience: platform.gatewayUrl,
      });
      const failures: string[] = [];
      for (const operation of operations()) {
        await fc.assert(
          fc.asyncProperty(request, async (input) => {
            let index = 0;
            const path = operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(input.segments[index++] ?? ''));
            const query =
              typeof input.query === 'string'
                ? input.query.replace(/#/g, '')
                : new URLSearchParams(input.query).toString();
            const headers: Record<string, string> = {};
            if (input.contentType) headers['content-type'] = input.contentType;
            switch (input.credentials) {
              case 'key':
                headers['x-api-key'] = team.apiKey;
                break;
              case 'key+token':
                headers['x-api-key'] = team.apiKey;
                headers.authorization = `Bearer ${token}`;
                break;
              case 'garbage-key':
                headers['x-api-key'] = 'cpk_garbage';
                break;
              case 'garbage-bearer':
                headers.authorization = 'Bearer a.b.c';
                break;
              case 'oauth':
                headers.authorization = `Bearer ${oauthToken}`;
                break;
              case 'none':
                break;
            }
            if (input.extraHeader) headers[input.extraHeader[0]] = input.extraHeader[1];
            const url = `${platform.gatewayUrl}${path}${query ? `?${query}` : ''}`;
            const response = await fetch(url, {
              method: operation.method,
              headers,
              body: input.body === undefined || operation.method === 'GET' ? undefined : input.body,
            });
            const text = await response.text();
            if (response.status >= 500) {
              failures.push(`${operation.method} ${url} ${JSON.stringify(input)} -> ${response.status} ${text}`);
            }
            expect(response.status).toBeLessThan(500);
            if (response.status >= 400) expect(() => JSON.parse(text)).not.toThrow();
          }),
          { numRuns: 25 },
        );
      }
      expect(failures).toEqual([]);
    });
  });

  describe('OpenAPI', () => {
    it('serves a valid OpenAPI 3.1 document and the Swagger UI reference from the gateway itself', async () => {
      const validator = new Validator();
      const result = await validator.validate(structuredClone(document));
      expect(result.errors).toBeUndefined();
      expect(result.valid).toBe(true);
      expect(document.openapi).toBe('3.1.0');
      expect(document.paths['/connections/{connection_id}/activity'].get.description).toContain('0.1.0');

      const page = await fetch(`${platform.gatewayUrl}/docs`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const policy = page.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toMatch(/script-src[^;]*unsafe/);
      const html = await page.text();
      // Scripts are files of the gateway (no inline script, no CDN).
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
      expect(assets).toEqual(
        // @nestjs/swagger's page (SwaggerModule.setup) names its files relative to /docs, init script included.
        expect.arrayContaining(['./docs/swagger-ui-bundle.js', './docs/swagger-ui-init.js', './docs/swagger-ui.css']),
      );
      for (const asset of assets) {
        const response = await fetch(`${platform.gatewayUrl}/${asset}`);
        expect({ asset, status: response.status }).toEqual({ asset, status: 200 });
        await response.arrayBuffer();
      }
      expect((await fetch(`${platform.gatewayUrl}/docs/package.json`)).status).toBe(404);
    });

    it('answers every operation with a documented status and a body matching the documented schema', async () => {
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema({ $id: 'https://openapi.test/doc', components: document.components });
      const validatorFor = (schema: Json) =>
        ajv.compile(
          JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"https://openapi.test/doc#/components/')),
        );

      const responseOf = (operation: Json, status: number): Json | undefined => {
        let response = operation.responses[String(status)] as Json | undefined;
        if (response?.$ref) response = document.components.responses[String(response.$ref).split('/').pop()!];
        return response;
      };

      const exercised = new Set<string>();
      const problems: string[] = [];
      const check = async (method: string, template: string, path: string, init: ApiCall = {}) => {
        const response = await api(path, { method, ...init });
        const operation = document.paths[template]?.[method.toLowerCase()] as Json | undefined;
        exercised.add(`${method} ${template}`);
        const label = `${method} ${path} -> ${response.status}`;
        if (!operation) return problems.push(`${label}: operation not documented`);
        const documented = responseOf(operation, response.status);
        if (!documented) return problems.push(`${label}: status not documented`);
        for (const header of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
          if (!response.headers.get(header)) problems.push(`${label}: no ${header} header`);
        }
        const json = documented.content?.['application/json'];
        if (!json) {
          if (documented.content === undefined && response.body !== null) problems.push(`${label}: unexpected body`);
          return;
        }
        const validate = validatorFor(json.schema);
        if (!validate(response.body)) {
          problems.push(
            `${label}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(response.body).slice(0, 400)}`,
          );
        }
      };

      const key = { apiKey: team.apiKey };
      const other = await platform.createTeam('Other Brand');
      const partner = await issuer.token({
        teamId: team.teamId,
        scope: 'connections:read retailers:read purchases:brand_products',
        audience: platform.gatewayUrl,
      });
      const purchaseId = (await api('/purchases?limit=1', { ...key, bearer: token })).body.purchases[0].purchase_id;

      // Connections
      const created = await api('/connections', {
        method: 'POST',
        ...key,
        body: { customer_id: 'cust_oas', retailer_id: 'walmart', email: 'o@example.com', tags: { a: 'b' } },
      });
      const id = created.body.connection_id;
      await check('POST', '/connections', '/connections', {
        ...key,
        body: { customer_id: 'c2', retailer_id: 'walmart' },
      });
      await check('POST', '/connections', '/connections', { ...key, body: { customer_id: 'c2' } });
      await check('POST', '/connections', '/connections', { body: { customer_id: 'c2', retailer_id: 'walmart' } });
      await check('GET', '/connections', '/connections', key);
      await check('GET', '/connections', '/connections?limit=0', key);
      await check('GET', '/connections', '/connections', { bearer: partner });
      await check('GET', '/connections/{connection_id}', `/connections/${id}`, key);
      await check('GET', '/connections/{connection_id}', '/connections/01J00000000000000000000000', key);
      await check('GET', '/connections/{connection_id}', `/connections/${'x'.repeat(70)}`, key);
      await check('PATCH', '/connections/{connection_id}', `/connections/${id}`, { ...key, body: { mobile: '+1555' } });
      await check('PATCH', '/connections/{connection_id}', `/connections/${id}`, { ...key, body: {} });
      await check('GET', '/connections/{connection_id}/activity', `/connections/${id}/activity`, key);
      await check('GET', '/connections/{connection_id}/activity', `/connections/${id}/activity`, { bearer: partner });
      await check('POST', '/connections/{connection_id}/token', `/connections/${id}/token`, {
        ...key,
        body: { scope: 'access' },
      });
      await check('POST', '/connections/{connection_id}/token', `/connections/${id}/token`, {
        ...key,
        body: { scope: 'x' },
      });
      await check('DELETE', '/connections/{connection_id}', `/connections/${id}`, key);
      await check('DELETE', '/connections/{connection_id}', `/connections/${id}`, key);

      // Purchases
      await check('GET', '/purchases', '/purchases?limit=3', { ...key, bearer: token });
      await check('GET', '/purchases', '/purchases?limit=99', { ...key, bearer: token });
      await check('GET', '/purchases', '/purchases', key);
      await check('GET', '/purchases/{purchase_id}', `/purchases/${purchaseId}`, { ...key, bearer: token });
      await check('GET', '/purchases/{purchase_id}', `/purchases/${purchaseId}`, { bearer: partner });
      await check('GET', '/purchases/{purchase_id}', `/purchases/${purchaseId}`, {
        bearer: await issuer.token({ teamId: team.teamId, scope: 'retailers:read', audience: platform.gatewayUrl }),
      });

      // Retailers
      await check('GET', '/retailers', '/retailers?include=all', key);
      await check('GET', '/retailers', '/retailers', { bearer: partner });
      await check('GET', '/retailers', '/retailers?include=x', key);
      await check('PATCH', '/retailers/{retailer_id}', '/retailers/target', { ...key, body: { enabled: true } });
      await check('PATCH', '/retailers/{retailer_id}', '/retailers/target', { ...key, body: { enabled: false } });
      await check('PATCH', '/retailers/{retailer_id}', '/retailers/nope', { ...key, body: { enabled: true } });
      await check('PATCH', '/retailers/{retailer_id}', '/retailers/target', { ...key, body: { x: 1 } });
      await check('PATCH', '/retailers/{retailer_id}', '/retailers/target', {
        bearer: partner,
        body: { enabled: true },
      });

      // Link tokens
      const linkToken = await api('/link-tokens', { method: 'POST', ...key, body: { customer_id: 'cust_oas' } });
      await check('POST', '/link-tokens', '/link-tokens', {
        ...key,
        body: { customer_id: 'cust_oas', expires_in_days: 3 },
      });
      await check('POST', '/link-tokens', '/link-tokens', { ...key, body: { customer_id: '' } });
      await check('GET', '/link-tokens', '/link-tokens?customer_id=cust_oas', key);
      await check('GET', '/link-tokens', '/link-tokens', key);
      await check('DELETE', '/link-tokens/{link_token}', `/link-tokens/${linkToken.body.link_token}`, key);
      await check('DELETE', '/link-tokens/{link_token}', '/link-tokens/lt_v1_unknown', key);

      // Ad sharing
      await check('POST', '/ad-sharing/opt-outs', '/ad-sharing/opt-outs', { ...key, body: { email: 'x@example.com' } });
      await check('POST', '/ad-sharing/opt-outs', '/ad-sharing/opt-outs', { ...key, body: {} });
      await check('POST', '/ad-sharing/opt-outs', '/ad-sharing/opt-outs', {
        ...key,
        body: { connection_id: '01J00000000000000000000000' },
      });
      await check('POST', '/ad-sharing/opt-outs', '/ad-sharing/opt-outs', { body: { email: 'x@example.com' } });

      // Webhooks
      const hook = await api('/webhooks', {
        method: 'POST',
        ...key,
        body: { url: 'https://hooks.example.com/oas', event_types: ['purchase.created'] },
      });
      await check('POST', '/webhooks', '/webhooks', {
        ...key,
        body: { url: 'https://hooks.example.com/b', event_types: ['connection.activated'] },
      });
      await check('POST', '/webhooks', '/webhooks', { ...key, body: { url: 'nope', event_types: [] } });
      await check('GET', '/webhooks', '/webhooks', key);
      await check('GET', '/webhooks/{webhook_id}', `/webhooks/${hook.body.webhook_id}`, key);
      await check('GET', '/webhooks/{webhook_id}', `/webhooks/${hook.body.webhook_id}`, { apiKey: other.apiKey });
      await check('PATCH', '/webhooks/{webhook_id}', `/webhooks/${hook.body.webhook_id}`, {
        ...key,
        body: { name: 'n' },
      });
      await check('GET', '/webhooks/{webhook_id}/deliveries', `/webhooks/${hook.body.webhook_id}/deliveries`, key);
      await check(
        'POST',
        '/webhooks/{webhook_id}/deliveries/{delivery_id}/retry',
        `/webhooks/${hook.body.webhook_id}/deliveries/01J00000000000000000000000/retry`,
        key,
      );
      await check('DELETE', '/webhooks/{webhook_id}', `/webhooks/${hook.body.webhook_id}`, key);
      await check('GET', '/partner-deliveries', '/partner-deliveries?limit=5', key);
      await check('GET', '/partner-deliveries', '/partner-deliveries?limit=0', key);

      // Retailer pushes: signed, unsigned, malformed
      const pushBody = JSON.stringify({ account_ref: retailerAccountRef('walmart', 'nobody@example.com') });
      const pushedAt = new Date();
      const pushHeaders = {
        'webhook-id': 'msg_oas',
        'webhook-timestamp': String(Math.floor(pushedAt.getTime() / 1000)),
        'webhook-signature': new Webhook(DEVELOPMENT_RETAILER_PUSH_SECRET).sign('msg_oas', pushedAt, pushBody),
      };
      const pushPath = '/retailer-notifications/{retailer_id}';
      await check('POST', pushPath, '/retailer-notifications/walmart', { body: pushBody, headers: pushHeaders });
      await check('POST', pushPath, '/retailer-notifications/walmart', { body: pushBody });
      await check('POST', pushPath, '/retailer-notifications/walmart', {
        body: '{"account_ref":1}',
        headers: pushHeaders,
      });

      // Simulator
      const simulated = await api('/simulated-connections', {
        method: 'POST',
        ...key,
        body: { retailer_id: 'walmart', include_purchases: false },
      });
      await check('POST', '/simulated-connections', '/simulated-connections', {
        ...key,
        body: { retailer_id: 'walmart' },
      });
      await check(
        'POST',
        '/simulated-connections/{connection_id}/purchases',
        `/simulated-connections/${simulated.body.connection_id}/purchases`,
        key,
      );
      await check(
        'POST',
        '/simulated-connections/{connection_id}/purchases',
        '/simulated-connections/01J00000000000000000000000/purchases',
        key,
      );
      const simulatedPath = `/simulated-connections/${simulated.body.connection_id}`;
      await check('PATCH', '/simulated-connections/{connection_id}', simulatedPath, {
        ...key,
        body: { status: 'unauthenticated' },
      });
      await check('PATCH', '/simulated-connections/{connection_id}', simulatedPath, {
        ...key,
        body: { status: 'disconnected' },
      });
      await check('DELETE', '/simulated-connections/{connection_id}', simulatedPath, key);
      await check('DELETE', '/simulated-connections/{connection_id}', simulatedPath, key);

      // Products
      const upload = await api('/products', {
        method: 'PUT',
        ...key,
        body: [{ name: 'OAS product', upc: '036000291452' }],
      });
      const productId = upload.body.results[0].product_id;
      await check('PUT', '/products', '/products', {
        ...key,
        body: [
          { name: 'OAS product 2', skus: { walmart: 'W-OAS' } },
          { name: 'bad', upc: '036000291453' },
        ],
      });
      await check('PUT', '/products', '/products', { ...key, body: { name: 'not a list' } });
      await check('GET', '/products', '/products?limit=1', key);
      await check('GET', '/products', '/products?limit=0', key);
      await check('GET', '/products/{product_id}', `/products/${productId}`, key);
      await check('GET', '/products/{product_id}', `/products/${productId}`, { apiKey: other.apiKey });
      await check('DELETE', '/products/{product_id}', `/products/${productId}`, key);
      await check('DELETE', '/products/{product_id}', `/products/${productId}`, key);

      // Integrations
      const integration = await api('/integrations', {
        method: 'POST',
        ...key,
        body: { kind: 'marketing', adapter: 'webhook', base_url: 'https://hooks.example.com/crm' },
      });
      await check('POST', '/integrations', '/integrations', {
        ...key,
        body: { kind: 'loyalty', adapter: 'points_api', base_url: 'https://loyalty.example.com', api_key: 'sk_oas' },
      });
      await check('POST', '/integrations', '/integrations', {
        ...key,
        body: { kind: 'marketing', adapter: 'points_api', base_url: 'https://loyalty.example.com', api_key: 'k' },
      });
      await check('GET', '/integrations', '/integrations', key);
      const integrationPath = `/integrations/${integration.body.integration_id}`;
      await check('GET', '/integrations/{integration_id}', integrationPath, key);
      await check('GET', '/integrations/{integration_id}', integrationPath, { apiKey: other.apiKey });
      await check('PATCH', '/integrations/{integration_id}', integrationPath, {
        ...key,
        body: { points_per_dollar: 1.5, start_date: '2026-01-01' },
      });
      await check('PATCH', '/integrations/{integration_id}', integrationPath, { ...key, body: {} });
      await check('GET', '/integrations/{integration_id}/awards', `${integrationPath}/awards`, key);
      await check('DELETE', '/integrations/{integration_id}', integrationPath, key);
      await check('DELETE', '/integrations/{integration_id}', integrationPath, key);

      // Public documents and assets
      await check('GET', '/openapi.json', '/openapi.json');
      await check('GET', '/docs', '/docs');
      await check('GET', '/assets/retailers/{retailer_id}/{file}', '/assets/retailers/walmart/logo-light.svg');
      await check('GET', '/assets/retailers/{retailer_id}/{file}', '/assets/retailers/walmart/nope.svg');

      expect(problems).toEqual([]);
      const documented = Object.entries(document.paths as Record<string, Json>).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect([...exercised].sort()).toEqual(documented.sort());
    });
  });
});
