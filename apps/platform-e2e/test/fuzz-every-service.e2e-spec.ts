import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { TestPlatform, type TestTeam } from '@cps/testing';

const ROOT = resolve(import.meta.dirname, '../../..');

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
  const prefix = quoted(controller[1]?.trim());
  const routes: Route[] = [];
  for (const match of text.matchAll(/@(Get|Post|Put|Patch|Delete)\(\s*([^)]*)\)/g)) {
    const path = `/${[prefix, quoted(match[2]?.trim())].filter(Boolean).join('/')}`.replace(/\{\/\*\w+\}$/, '');
    routes.push({ service, method: match[1]!.toUpperCase(), path });
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
  return routes.filter((route) => !route.path.startsWith('/__test'));
}

const weird = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('..', '%2e%2e%2f', '%00', '%ff', '\u0000', "'; DROP TABLE x;--", 'a'.repeat(3_000), '🙂', ' '),
);

const bodies = fc.oneof(
  fc.constant<[string | undefined, string | undefined]>([undefined, undefined]),
  fc.json().map((json): [string, string] => ['application/json', json]),
  fc
    .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }))
    .map((value): [string, string] => ['application/json', JSON.stringify(value)]),
  fc.string({ maxLength: 60 }).map((text): [string, string] => ['application/json', text]), // broken JSON
  fc
    .dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 30 }))
    .map((form): [string, string] => ['application/x-www-form-urlencoded', new URLSearchParams(form).toString()]),
  fc.string({ maxLength: 60 }).map((text): [string, string] => ['text/plain', text]),
  fc.constant<[string, string]>(['application/json', JSON.stringify({ value: 'x'.repeat(200_000) })]),
);

/**
 * No input makes any service answer 5xx: every route of every HTTP-serving app gets random path parameters, query
 * strings, bodies of every content type (broken ones included) and credentials (none, garbage, a real API key).
 */
describe('fuzzing every HTTP route of every service', () => {
  let platform: TestPlatform;
  let team: TestTeam;
  const services = readdirSync(join(ROOT, 'apps')).filter((name) => {
    try {
      return statSync(join(ROOT, 'apps', name, 'src/main.ts')).isFile();
    } catch {
      return false;
    }
  });

  beforeAll(async () => {
    platform = await TestPlatform.start({
      serviceEnv: { 'api-gateway': { RATE_LIMIT_PER_MINUTE: '1000000' } },
    });
    team = await platform.createTeam('Fuzz Brand');
  });
  afterAll(() => platform?.stop());

  it('never answers 5xx', async () => {
    const running = services.filter((service) => platform.platform.processes.has(service));
    const routes = everyRoute(running);
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];

    for (const route of routes) {
      const base = platform.platform.service(route.service).url;
      await fc.assert(
        fc.asyncProperty(
          fc.array(weird, { minLength: 3, maxLength: 3 }),
          fc.dictionary(fc.constantFrom('limit', 'starting_after', 'include', 'redirect_url', 'token', 'x'), weird),
          bodies,
          fc.constantFrom('none', 'garbage', 'api key'),
          async (params, query, [contentType, body], credential) => {
            let index = 0;
            const path = route.path.replace(/:\w+/g, () => encodeURIComponent(params[index++ % params.length]!));
            const url = new URL(`${base}${path}`);
            for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
            const headers: Record<string, string> = {};
            if (contentType) headers['content-type'] = contentType;
            if (credential === 'garbage') {
              headers['x-api-key'] = 'cpk_garbage';
              headers.authorization = 'Bearer garbage.garbage.garbage';
            }
            if (credential === 'api key') headers['x-api-key'] = team.apiKey;
            const withBody = route.method !== 'GET' && route.method !== 'DELETE';
            const response = await fetch(url, {
              method: route.method,
              headers,
              body: withBody ? body : undefined,
              redirect: 'manual',
            });
            await response.arrayBuffer();
            if (response.status >= 500 && response.status !== 503) {
              failures.push(
                `${response.status} ${route.method} ${route.service} ${url.pathname}${url.search}`.slice(0, 300),
              );
            }
          },
        ),
        { numRuns: 20, seed: 20261124 },
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
