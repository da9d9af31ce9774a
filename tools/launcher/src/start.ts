import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AdminClient } from '../../admin/src/admin-client.js';
import { prepareEnvironment } from './environment.js';
import { jsonLine, logFormat, prettyLine } from './log-format.js';
import { Platform } from './platform.js';
import { parseReplicas } from './replicas.js';
import { portVariable, SERVICES } from './services.js';

/**
 * `npm start`: the whole platform on this machine. Migrates, starts all seven services (`--replicas N` or
 * `CPS_REPLICAS=api-gateway=2,...` for more processes of the stateless ones), waits for every /readyz, makes sure
 * a demo team and API key exist, prints where everything is. Ctrl-C stops everything cleanly. At a terminal the
 * services' warnings and errors are shown as readable lines (LOG_LEVEL=info shows more); otherwise, or with
 * LOG_FORMAT=json, every line is JSON.
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

const platform = new Platform({
  root,
  env: { ...environment.env, NODE_ENV: 'development' }, // unset would mean production: development keys refused
  serviceEnv: Object.fromEntries(
    SERVICES.map((spec) => [
      spec.name,
      {
        PUBLIC_BASE_URL: publicBaseUrl,
        AUTH_ISSUER: authIssuer,
        // At a terminal, services say only what a person should see unless LOG_LEVEL asks for more.
        LOG_LEVEL: process.env.LOG_LEVEL ?? (format === 'pretty' ? 'warn' : 'info'),
      },
    ]),
  ),
  replicas,
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
  await platform.migrate();
  const scaled = Object.entries(replicas).filter(([, count]) => count > 1);
  say(`starting services${scaled.length ? ` (${scaled.map(([name, count]) => `${name} x${count}`).join(', ')})` : ''}`);
  await platform.start();
  const demo = await ensureDemoTeam();
  printBanner(demo);
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

    REST API (api-gateway)       ${publicBaseUrl}${others('api-gateway')}            try: curl -H "x-api-key: ${demo.api_key}" ${publicBaseUrl}/retailers?include=all
    auth-server                  ${authIssuer}${others('auth-server')}
    storefront-proxy             ${urls('storefront-proxy').join('  ')}
    mcp-server                   ${urls('mcp-server').join('  ')}
    sandbox retailer             ${urls('sandbox-retailer')[0]}            try: npm run admin -- sandbox:account:create --retailer walmart --email me@example.com --password secret123
    sync / matching / events     ${['sync-service', 'matching-service', 'events-service'].flatMap(urls).join('  ')}  (health and metrics)

    Demo team                    ${demo.team_id}
    Demo API key                 ${demo.api_key}

  Press Ctrl-C to stop.${process.env.LOG_LEVEL ? '' : ' Services show warnings and errors here; LOG_LEVEL=info npm start shows more.'}
`);
}

interface Demo {
  team_id: string;
  key_id: string;
  api_key: string;
  database_url: string;
}

/** The demo credentials live in .data/demo.json; they are recreated when the database no longer knows them. */
async function ensureDemoTeam(): Promise<Demo> {
  const file = join(root, '.data', 'demo.json');
  const admin = await AdminClient.connect(environment.env.NATS_URL!);
  try {
    if (existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Demo;
      if (saved.database_url === environment.env.DATABASE_URL && (await admin.verifyApiKey(saved.api_key)).valid) {
        return saved;
      }
    }
    const { team_id } = await admin.createTeam('Demo Brand');
    const key = await admin.createApiKey(team_id, 'demo key');
    for (const retailer of ['walmart', 'target', 'costco']) await admin.enableRetailer(team_id, retailer);
    const demo: Demo = { team_id, ...key, database_url: environment.env.DATABASE_URL! };
    mkdirSync(join(root, '.data'), { recursive: true });
    writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
    say('created the demo team and API key (saved in .data/demo.json)');
    return demo;
  } finally {
    await admin.close();
  }
}
