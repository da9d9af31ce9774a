import { createServer, request as httpRequest, type Server } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { signAppProxyQuery } from '@cps/domain';
import {
  BrowserlessFlow,
  csrf as csrfOf,
  eventually,
  pkcePair,
  REDIRECT_URI,
  TestPlatform,
  type TestTeam,
} from '@cps/testing';

const ROOT = resolve(import.meta.dirname, '../../..');
const LOG_DIR = join(ROOT, '.data/test-logs');

interface Route {
  service: string;
  method: string;
  path: string;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

const quoted = (text: string | undefined) => (text ? text.replace(/^['"`]|['"`]$/g, '') : '');

/** `@Controller('prefix')` + `@Get('path')` pairs of a source file (one controller per file, as this codebase has). */
function routesOf(file: string, service: string): Route[] {
  const text = readFileSync(file, 'utf8');
  const controller = /@Controller\(\s*([^)]*)\)/.exec(text);
  if (!controller) return [];
  const prefix = quoted(controller[1]?.trim()).replace(/^\$\{MCP_PATH\}$|^MCP_PATH$/, 'mcp');
  const routes: Route[] = [];
  for (const match of text.matchAll(/@(Get|Post|Put|Patch|Delete|All)\(\s*([^)]*)\)/g)) {
    const raw = quoted(match[2]?.trim().split(',')[0]?.replace(/^\[/, '').trim());
    const path = `/${[prefix, raw].filter(Boolean).join('/')}`.replace(/\{\/\*\w+\}$/, '').replace(/\/\*\w+$/, '/x');
    const method = match[1]!.toUpperCase();
    for (const verb of method === 'ALL' ? ['GET', 'POST'] : [method]) routes.push({ service, method: verb, path });
  }
  return routes;
}

/**
 * Every HTTP route of every service, read from the controllers themselves (so a new endpoint is fuzzed without
 * anyone listing it), plus the routes auth-server hands to oidc-provider and the health routes every service has.
 */
function everyRoute(services: string[]): Route[] {
  const routes = services.flatMap((service) =>
    sources(join(ROOT, 'apps', service, 'src')).flatMap((file) => routesOf(file, service)),
  );
  const shared = sources(join(ROOT, 'libs/platform/src')).flatMap((file) => routesOf(file, 'any'));
  for (const service of services) for (const route of shared) routes.push({ ...route, service });
  routes.push(
    { service: 'auth-server', method: 'GET', path: '/oauth/authorize' },
    { service: 'auth-server', method: 'POST', path: '/oauth/authorize' },
    { service: 'auth-server', method: 'GET', path: '/oauth/authorize/:uid' },
    { service: 'auth-server', method: 'GET', path: '/jwks' },
  );
  // The test clock exists only with AUTH_TEST_CLOCK, which this platform does not set.
  const unique = new Map(routes.map((route) => [`${route.service} ${route.method} ${route.path}`, route]));
  return [...unique.values()].filter((route) => !route.path.startsWith('/__test'));
}

/** A path segment as sent: percent-encoded UTF-8, a lone surrogate as the three bytes a careless encoder makes. */
function pathSegment(text: string): string {
  return text
    .split(/(\p{Cs})/u)
    .map((part) => {
      if (!/^\p{Cs}$/u.test(part)) return encodeURIComponent(part);
      const unit = part.charCodeAt(0);
      const byte = (value: number) => `%${value.toString(16).toUpperCase()}`;
      return `${byte(0xed)}${byte(0x80 | ((unit >> 6) & 0x3f))}${byte(0x80 | (unit & 0x3f))}`;
    })
    .join('');
}

const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Text an attacker tries: traversal, encodings, NUL bytes, lone surrogates, SQL, long and odd strings. */
const weird = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '..',
    '%2e%2e%2f',
    '%00',
    '%ff',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    "'; DROP TABLE x;--",
    'a'.repeat(3_000),
    '🙂',
    ' ',
    '__proto__',
    'constructor',
  ),
);

type Body = [string | undefined, string | undefined];

const bodies = fc.oneof(
  fc.constant<Body>([undefined, undefined]),
  fc.json().map((json): Body => ['application/json', json]),
  fc
    .dictionary(fc.oneof(fc.string({ maxLength: 12 }), weird), fc.oneof(fc.jsonValue({ maxDepth: 2 }), weird))
    .map((value): Body => ['application/json', JSON.stringify(value)]),
  fc.string({ maxLength: 60 }).map((text): Body => ['application/json', text]), // broken JSON
  fc.constantFrom<Body>(
    ['application/json', deepJson(10_000)],
    ['application/json', '['.repeat(50_000)],
    ['application/json', '{"__proto__":{"admin":true}}'],
    ['application/json', '{"constructor":{"prototype":{"admin":true}}}'],
    ['application/json', '{"name":"a\\u0000b","email":"x\\ud800@example.com"}'],
    ['application/json', JSON.stringify({ value: 'x'.repeat(200_000) })],
    ['application/x-www-form-urlencoded', 'a[b][c]=1&__proto__[x]=1&name=a%00b'],
  ),
  fc
    .dictionary(fc.string({ maxLength: 12 }), fc.oneof(fc.string({ maxLength: 30 }), weird))
    .map((form): Body => ['application/x-www-form-urlencoded', new URLSearchParams(form).toString()]),
  fc.string({ maxLength: 60 }).map((text): Body => ['text/plain', text]),
);

/** Query parameter names the routes read, and the bracket forms that try operators on them. */
const queryNames = fc.constantFrom(
  'limit',
  'starting_after',
  'include',
  'redirect_url',
  'token',
  'customer_id',
  'status',
  'q',
  'x',
  'customer_id[$ne]',
  'retailer_id[$in][]',
  'status[]',
);

const SHOP = 'fuzz-brand.myshopify.com';
const SHOP_SECRET = 'app-proxy-secret-of-the-fuzz-shop';
const ADMIN_TOKEN = 'shpat_fuzz_admin_token';

/** Log lines the services wrote during this test run (TestPlatform keeps one file per process). */
function serviceLogs(): string {
  return readdirSync(LOG_DIR)
    .filter((name) => name.startsWith(`${process.pid}-`))
    .map((name) => readFileSync(join(LOG_DIR, name), 'utf8'))
    .join('');
}

/** A raw request, for URLs `fetch` will not send as they are (a 16 KB target). */
function rawGet(url: string): Promise<{ status?: number; type?: string; body: string }> {
  return new Promise((done, fail) => {
    const request = httpRequest(url, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => done({ status: response.statusCode, type: response.headers['content-type'], body }));
    });
    request.on('error', fail);
    request.end();
  });
}

/**
 * Hostile input against every service (issue 32). First the inputs that answered 500 or leaked, one by one; then no
 * input makes any service answer 5xx: every route of every HTTP-serving app gets random path parameters, query
 * strings (bracket operators, NUL bytes, surrogates included), bodies of every content type (deep, broken and
 * prototype-polluting ones included) and credentials: none, garbage, or valid ones for that app (an API key, the
 * storefront platform's signature, an MCP connector token, a dashboard session with its CSRF token).
 */
describe('hostile input against every service', () => {
  let platform: TestPlatform;
  let team: TestTeam;
  let adminApi: Server;
  let connectorToken: string;
  let dashboard: { cookie: string; csrf: string };
  const services = readdirSync(join(ROOT, 'apps')).filter((name) => {
    try {
      return statSync(join(ROOT, 'apps', name, 'src/main.ts')).isFile();
    } catch {
      return false;
    }
  });
  const url = (service: string) => platform.platform.service(service).url;

  /** The storefront platform's Admin API, for the shop's customers. */
  async function startAdminApi(): Promise<string> {
    adminApi = createServer((req, res) => {
      if (req.headers['x-shopify-access-token'] !== ADMIN_TOKEN) return res.writeHead(401).end();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ customer: { email: 'shopper@example.com', tags: '' } }));
    });
    await new Promise<void>((done) => adminApi.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(adminApi.address() as { port: number }).port}`;
  }

  /** A connector registered by dynamic client registration, and the authorization URL it sends a person to. */
  async function connectorAuthorization() {
    const auth = url('auth-server');
    const registered = await fetch(`${auth}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [REDIRECT_URI], client_name: 'Fuzz connector' }),
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const { verifier, challenge } = pkcePair();
    const authorize = new URL(`${auth}/oauth/authorize`);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      resource: platform.mcpUrl,
      scope: 'mcp:read',
      state: 'fuzz',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value);
    }
    return { clientId, authorize, verifier };
  }

  /** A data-query connector's token: dynamic client registration, sign-in and consent, code exchange. */
  async function connectorAccessToken(user: { email: string; password: string }): Promise<string> {
    const auth = url('auth-server');
    const { clientId, authorize, verifier } = await connectorAuthorization();
    const callback = await new BrowserlessFlow(auth).authorize(authorize.toString(), user);
    const tokens = await fetch(`${auth}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: clientId,
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }).toString(),
    });
    return ((await tokens.json()) as { access_token: string }).access_token;
  }

  /** A signed-in dashboard session and its CSRF token. */
  async function dashboardSession(user: { email: string; password: string }) {
    const base = url('dashboard');
    const form = await fetch(`${base}/sign-in`);
    const login = form.headers.getSetCookie()[0]!.split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1]!;
    const signedIn = await fetch(`${base}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: login },
      body: new URLSearchParams({ csrf, ...user }).toString(),
    });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => !pair.endsWith('='))!;
    const home = await fetch(`${base}/`, { headers: { cookie } });
    return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(await home.text())![1]! };
  }

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: 'all',
      serviceEnv: { 'api-gateway': { RATE_LIMIT_PER_MINUTE: '1000000' } },
      readyTimeoutMs: 180_000,
    });
    team = await platform.createTeam('Fuzz Brand');
    await platform.enableRetailers(team, ['walmart']);
    const user = { email: 'fuzz@example.com', password: 'fuzz-password-123' };
    await platform.admin.createUser(user.email, user.password, [team.teamId]);
    await platform.admin.connectShop({
      shop: SHOP,
      secret: SHOP_SECRET,
      apiKey: team.apiKey,
      storefrontUrl: 'https://fuzz-brand.example/',
      adminApiUrl: await startAdminApi(),
      adminToken: ADMIN_TOKEN,
    });
    connectorToken = await connectorAccessToken(user);
    dashboard = await dashboardSession(user);
  }, 300_000);
  afterAll(async () => {
    adminApi?.close();
    await platform?.stop();
  });

  const api = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${platform.gatewayUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'x-api-key': team.apiKey,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body,
    });
  const signedProxyQuery = (page: Array<[string, string]>) =>
    signAppProxyQuery(
      [...page, ['shop', SHOP], ['path_prefix', '/apps/service'], ['logged_in_customer_id', '1001']],
      SHOP_SECRET,
      new Date(),
    );
  const mcpCall = (body: string) =>
    fetch(platform.mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${connectorToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body,
    });
  const entries = async (response: Response) =>
    ((await response.json()) as { detail: Array<{ type: string; loc: unknown[] }> }).detail;

  describe('the inputs that answered 500 or leaked (issue 32)', () => {
    it('1. throttles guessing on the dashboard sign-in page, with a clear message', async () => {
      await platform.admin.createUser('guessed@example.com', 'the-right-password-1', [team.teamId]);
      const base = url('dashboard');
      const attempt = async () => {
        const form = await fetch(`${base}/sign-in`);
        const login = form.headers.getSetCookie()[0]!.split(';')[0]!;
        const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1]!;
        const answer = await fetch(`${base}/sign-in`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: login },
          body: new URLSearchParams({ csrf, email: 'guessed@example.com', password: 'a-wrong-guess' }).toString(),
        });
        return { status: answer.status, page: await answer.text() };
      };
      const statuses: number[] = [];
      for (let guess = 0; guess < 8; guess += 1) statuses.push((await attempt()).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
      expect((await attempt()).page).toContain('Too many failed sign-ins. Try again in 1 minute.');
      // The lockout is in the team's audit log (auth.sign-in.locked.v1, consumed by the dashboard).
      await eventually(async () => {
        const audit = await (await fetch(`${base}/audit`, { headers: { cookie: dashboard.cookie } })).text();
        if (!/guessed@example\.com[\s\S]*Sign-in locked for 1 minute after 6 failed attempts/.test(audit)) {
          throw new Error('lockout not in the audit log yet');
        }
      });

      // The OAuth/connector sign-in page shares the check: another account, the same limits.
      await platform.admin.createUser('guessed-oauth@example.com', 'the-right-password-1', [team.teamId]);
      const flow = new BrowserlessFlow(url('auth-server'));
      let step = await flow.follow(await flow.get((await connectorAuthorization()).authorize.toString()));
      const oauthStatuses: number[] = [];
      for (let guess = 0; guess < 7; guess += 1) {
        step = await flow.post(flow.action(step), {
          csrf: csrfOf(step),
          email: 'guessed-oauth@example.com',
          password: 'a-wrong-guess',
        });
        oauthStatuses.push(step.status);
      }
      expect(oauthStatuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
      expect(step.body).toContain('Too many failed sign-ins. Try again in 1 minute.');
    });

    it('2. refuses JSON nested 10,000 deep with 422 before any credential or signature check', async () => {
      const body = deepJson(10_000);
      const post = (base: string, path: string, headers: Record<string, string> = {}) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        });
      for (const response of [
        await post(platform.gatewayUrl, '/retailer-notifications/walmart'),
        await post(url('storefront-proxy'), '/apps/service/connections'),
        await post(platform.gatewayUrl, '/connections', { 'x-api-key': team.apiKey }),
        await post(platform.gatewayUrl, '/webhooks', { 'x-api-key': team.apiKey }),
      ]) {
        expect(response.status).toBe(422);
        expect(await entries(response)).toEqual([expect.objectContaining({ type: 'json_too_deep', loc: ['body'] })]);
      }
      const mcp = await mcpCall(body);
      expect(mcp.status).toBe(400);
      expect(await mcp.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32602 } });
    });

    it('3. refuses NUL bytes and lone surrogates at the edge, and never shows a dependency message', async () => {
      const nulBody = await api('/connections', {
        method: 'POST',
        body: JSON.stringify({ customer_id: 'a\u0000b', retailer_id: 'walmart' }),
      });
      expect(nulBody.status).toBe(422);
      expect(await entries(nulBody)).toEqual([expect.objectContaining({ loc: ['body', 'customer_id'] })]);
      const surrogate = await api('/connections', {
        method: 'POST',
        body: '{"customer_id":"a\\ud800b","retailer_id":"walmart"}',
      });
      expect(surrogate.status).toBe(422);
      const filter = await api('/connections?customer_id=a%00b');
      expect(filter.status).toBe(422);
      expect(await entries(filter)).toEqual([expect.objectContaining({ loc: ['query', 'customer_id'] })]);

      const search = await fetch(`${url('dashboard')}/connections?q=a%00b`, {
        headers: { cookie: dashboard.cookie },
      });
      expect(search.status).toBe(422);
      expect(search.headers.get('content-type')).toContain('text/html');
      const form = await fetch(`${url('dashboard')}/team/sharing`, {
        method: 'POST',
        headers: { cookie: dashboard.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf: dashboard.csrf, privacy_policy_url: 'https://a\u0000b.example' }).toString(),
      });
      expect(form.status).toBe(422);

      const storefront = await fetch(
        `${url('storefront-proxy')}/apps/service/retailers?${signedProxyQuery([['q', 'a\u0000b']]).toString()}`,
      );
      expect(storefront.status).toBe(422);

      const register = await fetch(`${url('auth-server')}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT_URI], client_name: 'a\u0000b' }),
      });
      expect(register.status).toBe(400);
      expect(await register.json()).toMatchObject({ error: 'invalid_request' });
      const basic = await fetch(`${url('auth-server')}/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('client\u0000:secret').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=refresh_token&refresh_token=x',
      });
      expect(basic.status).toBe(400);

      const ask = await mcpCall(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'ask', arguments: { question: 'How many connections\u0000' } },
        }),
      );
      const answer = await ask.text();
      expect(ask.status).toBe(400);
      expect(answer).not.toMatch(/byte sequence|UTF8|0x00|postgres/i);
      // No statement that failed on the byte is in the logs with its values.
      expect(serviceLogs()).not.toMatch(/invalid byte sequence/);
    });

    it('4. keeps link tokens out of the logs, whatever the spelling of the path or parameter', async () => {
      const created = await api('/link-tokens', { method: 'POST', body: JSON.stringify({ customer_id: 'logged' }) });
      const token = ((await created.json()) as { link_token: string }).link_token;
      expect((await api(`/LINK-TOKENS/${token}`, { method: 'DELETE' })).status).toBe(204);
      await fetch(`${platform.gatewayUrl}/link?link%5Ftoken=${token}&redirect_url=https://brand.test/`, {
        redirect: 'manual',
      });
      await fetch(`${platform.gatewayUrl}/Link-Tokens/${token}/x`);
      await eventually(() => {
        const logs = serviceLogs();
        if (!logs.includes('/LINK-TOKENS/[Redacted]') || !logs.includes('link%5Ftoken=[Redacted]')) {
          throw new Error('request lines not logged yet');
        }
      });
      expect(serviceLogs()).not.toContain(token);
    });

    it('6. refuses bracket filters with 422 instead of ignoring them', async () => {
      for (const query of ['customer_id[$ne]=nobody', 'status[$ne]=x', 'retailer_id[$in][]=target']) {
        const response = await api(`/connections?${query}`);
        expect(response.status).toBe(422);
        expect(await entries(response)).toEqual([
          expect.objectContaining({ type: 'string_type', loc: ['query', query.split('=')[0]] }),
        ]);
      }
    });

    it('8. refuses prototype keys like unknown fields, and answers a 16 KB URL with a JSON 431', async () => {
      for (const body of ['{"__proto__":{"x":1},"customer_id":"c"}', '{"customer_id":"c","constructor":{}}']) {
        const response = await api('/link-tokens', { method: 'POST', body });
        expect(response.status).toBe(422);
        expect(await entries(response)).toEqual([expect.objectContaining({ type: 'extra_forbidden' })]);
      }
      for (const service of ['api-gateway', 'dashboard', 'mcp-server']) {
        const huge = await rawGet(`${url(service)}/connections?x=${'a'.repeat(16_500)}`);
        expect(huge).toMatchObject({ status: 431, type: 'application/json' });
        expect(JSON.parse(huge.body)).toEqual({ detail: expect.any(String) });
      }
    });
  });

  it('never answers 5xx, on any route of any service, with or without valid credentials', async () => {
    const running = services.filter((service) => platform.platform.processes.has(service));
    const routes = everyRoute(running);
    const sent = new Map<string, number>();
    const failures: string[] = [];
    let serial = 0;

    for (const route of routes) {
      const base = url(route.service);
      await fc.assert(
        fc.asyncProperty(
          fc.array(weird, { minLength: 3, maxLength: 3 }),
          fc.array(fc.tuple(queryNames, weird), { maxLength: 3 }),
          bodies,
          fc.constantFrom('none', 'garbage', 'valid'),
          async (params, query, [contentType, body], credential) => {
            let index = 0;
            const path = route.path.replace(/:\w+/g, () => pathSegment(params[index++ % params.length]!));
            const headers: Record<string, string> = {};
            if (contentType) headers['content-type'] = contentType;
            let pairs: Array<[string, string]> = query;
            let payload = body;
            if (credential === 'garbage') {
              headers['x-api-key'] = 'cpk_garbage';
              headers.authorization = 'Bearer garbage.garbage.garbage';
              headers.cookie = 'cps_dashboard=garbage';
            } else if (credential === 'valid') {
              switch (route.service) {
                case 'storefront-proxy':
                  pairs = [...signedProxyQuery([...query, ['request', String(++serial)]])];
                  break;
                case 'mcp-server':
                  headers.authorization = `Bearer ${connectorToken}`;
                  headers.accept = 'application/json, text/event-stream';
                  if (contentType === 'application/json' && route.method === 'POST') {
                    const args = Object.fromEntries(query.map(([name, value]) => [name, value]));
                    payload = JSON.stringify({
                      jsonrpc: '2.0',
                      id: serial++,
                      method: 'tools/call',
                      params: { name: params[0] === '..' ? 'get_retailers' : 'ask', arguments: args },
                    });
                  }
                  break;
                case 'sandbox-retailer':
                case 'sandbox-loyalty':
                  headers.authorization = 'Bearer sandbox-admin-development-token';
                  break;
                case 'sandbox-storefront':
                  headers['x-shopify-access-token'] = 'shpat_sandbox_storefront_development_token';
                  break;
                case 'dashboard':
                  // Signing out would leave the rest of the run without a session.
                  if (route.path === '/sign-out') break;
                  headers.cookie = dashboard.cookie;
                  if (contentType === 'application/x-www-form-urlencoded') {
                    payload = `${body ? `${body}&` : ''}csrf=${encodeURIComponent(dashboard.csrf)}`;
                  }
                  break;
                default:
                  headers['x-api-key'] = team.apiKey;
              }
            }
            const target = new URL(`${base}${path}`);
            for (const [name, value] of pairs) target.searchParams.append(name, value);
            const withBody = route.method !== 'GET' && route.method !== 'DELETE';
            const response = await fetch(target, {
              method: route.method,
              headers,
              body: withBody ? payload : undefined,
              redirect: 'manual',
            });
            await response.arrayBuffer();
            sent.set(route.service, (sent.get(route.service) ?? 0) + 1);
            if (response.status >= 500 && response.status !== 503) {
              failures.push(
                `${response.status} ${route.method} ${route.service} ${target.pathname}${target.search}`.slice(0, 300),
              );
            }
          },
        ),
        { numRuns: 20, seed: 20261128 },
      );
    }
    const figures = [...sent].map(([service, count]) => `${service}: ${count}`).join(', ');
    process.stdout.write(`fuzz: ${routes.length} routes; requests per app: ${figures}; 5xx: ${failures.length}\n`);
    expect(running).toEqual(services);
    expect([...sent.keys()].sort()).toEqual([...services].sort());
    expect(failures).toEqual([]);
  }, 600_000);
});
