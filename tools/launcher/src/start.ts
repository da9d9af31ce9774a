import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AdminClient } from '../../admin/src/admin-client.js';
import { prepareEnvironment } from './environment.js';
import { jsonLine, logFormat, prettyLine } from './log-format.js';
import { Platform, type PlatformLayout } from './platform.js';
import { parseReplicas } from './replicas.js';
import { portVariable, SERVICES } from './services.js';

/**
 * `npm start`: the whole platform on this machine. Migrates, starts every service, the two sandboxes and the brand
 * dashboard, each as its own Nest application inside one Node process (`--processes` or CPS_PROCESSES=1: a process
 * per app, as in Kubernetes; `--replicas N` or `CPS_REPLICAS=api-gateway=2,...` for more processes of the stateless
 * ones, which implies `--processes`), waits for
 * every /readyz, makes sure a demo team, API key and dashboard user exist, connects the sandbox storefront's shop to
 * it, prints where everything is. Ctrl-C stops everything cleanly. At a terminal the services' warnings and errors
 * are shown as readable lines (LOG_LEVEL=info shows more); otherwise, or with LOG_FORMAT=json, every line is JSON.
 */
const root = resolve(import.meta.dirname, '../../../..');
const quietLogs = process.env.START_QUIET === '1';
const format = logFormat(process.env, !!process.stdout.isTTY);
const colour = format === 'pretty' && !process.env.NO_COLOR;

/** The launcher's own progress lines, in the chosen format. */
function say(msg: string, level: 'info' | 'error' = 'info'): void {
  const stream = level === 'error' ? process.stderr : process.stdout;
  if (format === 'json')
    stream.write(`${JSON.stringify({ level, time: new Date().toISOString(), service: 'launcher', msg })}\n`);
  else stream.write(`> ${msg}\n`);
}

let replicas: Record<string, number> = {};
try {
  replicas = parseReplicas(process.argv.slice(2), process.env);
} catch (error) {
  say(`cannot start: ${(error as Error).message}`, 'error');
  process.exit(64);
}

/** A process per app when asked for, or when replicas are; otherwise every app in one process (one-process.ts). */
const layout: PlatformLayout =
  process.argv.includes('--processes') ||
  process.env.CPS_PROCESSES === '1' ||
  Object.values(replicas).some((count) => count > 1)
    ? 'processes'
    : 'one-process';

const environment = await prepareEnvironment(root).catch((error: Error) => {
  say(`cannot start: ${error.message}`, 'error');
  process.exit(1);
});
for (const note of environment.notes) say(note);

/** What a person types in a browser: localhost, as in the services' own defaults (PUBLIC_BASE_URL, AUTH_ISSUER). */
const portOf = (name: string) => {
  const fromEnv = Number(process.env[portVariable(name)]);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : SERVICES.find((spec) => spec.name === name)!.port;
};
const localUrl = (port: number) => `http://localhost:${port}`;
const publicBaseUrl = process.env.PUBLIC_BASE_URL ?? localUrl(portOf('api-gateway'));
const authIssuer = process.env.AUTH_ISSUER ?? localUrl(portOf('auth-server'));
const mcpUrl = process.env.MCP_PUBLIC_URL ?? `${localUrl(portOf('mcp-server'))}/mcp`;
const dashboardUrl = process.env.DASHBOARD_URL ?? localUrl(portOf('dashboard'));

/** The sandbox storefront's shop, connected to the demo team at every start (its development secrets). */
const demoShop = {
  domain: process.env.SANDBOX_SHOP_DOMAIN ?? 'sandbox-shop.myshopify.com',
  url: localUrl(portOf('sandbox-storefront')),
  secret: process.env.SANDBOX_PROXY_SECRET ?? 'sandbox-storefront-app-proxy-development-secret',
  adminToken: process.env.SANDBOX_ADMIN_API_TOKEN ?? 'shpat_sandbox_storefront_development_token',
  customer: { email: 'shopper@example.com', password: 'shop-demo-password' },
};

const platform = new Platform({
  root,
  env: { ...environment.env, NODE_ENV: 'development' }, // unset would mean production: development keys refused
  serviceEnv: Object.fromEntries(
    SERVICES.map((spec) => [
      spec.name,
      {
        PUBLIC_BASE_URL: publicBaseUrl,
        AUTH_ISSUER: authIssuer,
        MCP_PUBLIC_URL: mcpUrl,
        DASHBOARD_URL: dashboardUrl,
        // At a terminal, services say only what a person should see unless LOG_LEVEL asks for more.
        LOG_LEVEL: process.env.LOG_LEVEL ?? (format === 'pretty' ? 'warn' : 'info'),
        // One gateway: the teams' rate-limit budgets in its memory, exact with one replica and no statement per request
        // (ADR 0012); replicas share them in Postgres.
        ...(spec.name === 'api-gateway' && (replicas['api-gateway'] ?? 1) === 1
          ? { RATE_LIMIT_STORE: process.env.RATE_LIMIT_STORE ?? 'memory' }
          : {}),
        // The sandbox retailer pushes "new orders" to the gateway, which has the collection start at once.
        ...(spec.name === 'sandbox-retailer' ? { SANDBOX_PUSH_URL: `${publicBaseUrl}/retailer-notifications` } : {}),
        ...(spec.name === 'sandbox-storefront'
          ? {
              SANDBOX_SHOP_DOMAIN: demoShop.domain,
              SANDBOX_PROXY_SECRET: demoShop.secret,
              SANDBOX_ADMIN_API_TOKEN: demoShop.adminToken,
              STOREFRONT_PROXY_URL: localUrl(portOf('storefront-proxy')),
            }
          : {}),
      },
    ]),
  ),
  replicas,
  layout,
  onLog: quietLogs
    ? undefined
    : (_service, line, instance) =>
        process.stdout.write(`${format === 'json' ? jsonLine(instance, line) : prettyLine(instance, line, colour)}\n`),
});

let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('stopping all services...');
    await platform.stop();
    await environment.stop();
    say('stopped');
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  say('applying migrations');
  platform.prepare(); // one process: the host loads the apps' code, then migrates
  // The admin client (its RPC contracts: about 1,800 modules) loads meanwhile, on the core the host does not use.
  const loading = import('../../admin/src/admin-client.js');
  loading.catch(() => undefined); // awaited below unless the start fails first
  await platform.migrate();
  const scaled = Object.entries(replicas).filter(([, count]) => count > 1);
  say(
    layout === 'one-process'
      ? 'starting services in one process (npm start -- --processes: a process each)'
      : `starting services, a process each${scaled.length ? ` (${scaled.map(([name, count]) => `${name} x${count}`).join(', ')})` : ''}`,
  );
  await platform.start();
  const { AdminClient } = await loading;
  AdminClient.quiet(); // Nest's console logger would print its connection status lines among the launcher's own
  const admin = await AdminClient.connect(environment.env.NATS_URL!);
  try {
    const demo = await ensureDemoTeam(admin);
    await connectDemoShop(admin, demo);
    printBanner(demo);
  } finally {
    await admin.close();
  }
} catch (error) {
  say(`startup failed: ${(error as Error).message}`, 'error');
  await shutdown(1);
}

function printBanner(demo: Demo): void {
  const urls = (name: string) => platform.replicas(name).map((process) => localUrl(process.options.port));
  if (format === 'json') {
    const banner = {
      level: 'info',
      time: new Date().toISOString(),
      service: 'launcher',
      msg: 'Connected Purchases is running',
      api_gateway: publicBaseUrl,
      auth_server: authIssuer,
      dashboard: dashboardUrl,
      demo_user: demo.user_email,
      demo_password: demo.user_password,
      services: Object.fromEntries(SERVICES.map((spec) => [spec.name, urls(spec.name)])),
      demo_team: demo.team_id,
      demo_api_key: demo.api_key,
    };
    process.stdout.write(`${JSON.stringify(banner)}\n`);
    return;
  }
  const others = (name: string) => (urls(name).length > 1 ? `  (replicas: ${urls(name).slice(1).join('  ')})` : '');
  console.log(`
  Connected Purchases is running.

    Brand dashboard              ${dashboardUrl}${others('dashboard')}            sign in as the demo dashboard user below
    REST API (api-gateway)       ${publicBaseUrl}${others('api-gateway')}            try: curl -H "x-api-key: ${demo.api_key}" ${publicBaseUrl}/retailers?include=all
    auth-server                  ${authIssuer}${others('auth-server')}
    storefront-proxy             ${urls('storefront-proxy').join('  ')}
    mcp-server (MCP endpoint)    ${mcpUrl}${others('mcp-server')}            connect Claude or the MCP Inspector to it (README)
    sandbox retailer             ${urls('sandbox-retailer')[0]}            try: npm run admin -- sandbox:account:create --retailer walmart --email me@example.com --password secret123
    sandbox storefront           ${demoShop.url}            sign in as ${demoShop.customer.email} / ${demoShop.customer.password} (shop ${demoShop.domain})
    sandbox loyalty/marketing    ${urls('sandbox-loyalty')[0]}            received calls: ${urls('sandbox-loyalty')[0]}/admin (password: SANDBOX_ADMIN_TOKEN)
    sync / matching / events     ${['sync-service', 'matching-service', 'events-service'].flatMap(urls).join('  ')}  (health and metrics)

    Demo team                    ${demo.team_id}
    Demo API key                 ${demo.api_key}
    Demo dashboard user          ${demo.user_email}  password ${demo.user_password}

  Press Ctrl-C to stop.${process.env.LOG_LEVEL ? '' : ' Services show warnings and errors here; LOG_LEVEL=info npm start shows more.'}
`);
}

interface Demo {
  team_id: string;
  key_id: string;
  api_key: string;
  database_url: string;
  /** The dashboard's demo user, a member of the demo team (added to older demo.json files when missing). */
  user_email: string;
  user_password: string;
}

/** A dashboard user in the demo team: demo@example.com, or a fresh address when that one is taken. */
async function createDemoUser(admin: AdminClient, teamId: string): Promise<Pick<Demo, 'user_email' | 'user_password'>> {
  const password = randomBytes(12).toString('base64url');
  for (const email of ['demo@example.com', `demo-${Date.now().toString(36)}@example.com`]) {
    try {
      await admin.createUser(email, password, [teamId]);
      return { user_email: email, user_password: password };
    } catch (error) {
      // AdminClient's refusals are HttpExceptions (whose class this module does not load before the services start).
      if ((error as { getStatus?: () => number } | undefined)?.getStatus?.() !== 409) throw error;
    }
  }
  throw new Error('could not create the demo dashboard user');
}

/**
 * `shop:connect` of the sandbox storefront's shop with the demo API key (every start: the key may be new), and its
 * demo customer (created through the sandbox's Admin API when missing).
 */
async function connectDemoShop(admin: AdminClient, demo: Demo): Promise<void> {
  await admin.connectShop({
    shop: demoShop.domain,
    secret: demoShop.secret,
    apiKey: demo.api_key,
    storefrontUrl: `${demoShop.url}/`,
    adminApiUrl: demoShop.url,
    adminToken: demoShop.adminToken,
  });
  const created = await fetch(`${demoShop.url}/admin/api/2024-10/customers.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': demoShop.adminToken },
    body: JSON.stringify({ customer: { ...demoShop.customer, first_name: 'Sam' } }),
  });
  // 422: the demo customer exists already.
  if (!created.ok && created.status !== 422) throw new Error(`sandbox storefront: demo customer ${created.status}`);
}

/** The demo credentials live in .data/demo.json; they are recreated when the database no longer knows them. */
async function ensureDemoTeam(admin: AdminClient): Promise<Demo> {
  const file = join(root, '.data', 'demo.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Demo;
    if (saved.database_url === environment.env.DATABASE_URL && (await admin.verifyApiKey(saved.api_key)).valid) {
      if (saved.user_email && saved.user_password) return saved;
      const withUser = { ...saved, ...(await createDemoUser(admin, saved.team_id)) };
      writeFileSync(file, JSON.stringify(withUser, null, 2), { mode: 0o600 });
      say('created the demo dashboard user (saved in .data/demo.json)');
      return withUser;
    }
  }
  const { team_id } = await admin.createTeam('Demo Brand');
  const key = await admin.createApiKey(team_id, 'demo key');
  for (const retailer of ['walmart', 'target', 'costco']) await admin.enableRetailer(team_id, retailer);
  const demo: Demo = {
    team_id,
    ...key,
    database_url: environment.env.DATABASE_URL!,
    ...(await createDemoUser(admin, team_id)),
  };
  mkdirSync(join(root, '.data'), { recursive: true });
  writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  say('created the demo team, API key and dashboard user (saved in .data/demo.json)');
  return demo;
}
