import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AdminClient } from '../../admin/src/admin-client.js';
import { prepareEnvironment } from './environment.js';
import { Platform } from './platform.js';
import { SERVICES } from './services.js';

/**
 * `npm start`: the whole platform on this machine. Migrates, starts all seven services, waits for
 * every /readyz, makes sure a demo team and API key exist, prints where everything is. Ctrl-C stops
 * everything cleanly.
 */
const root = resolve(import.meta.dirname, '../../../..');
const colours = [31, 32, 33, 34, 35, 36, 91, 92, 93, 94];
const quietLogs = process.env.START_QUIET === '1';

const environment = await prepareEnvironment(root).catch((error: Error) => {
  console.error(`cannot start: ${error.message}`);
  process.exit(1);
});
for (const note of environment.notes) console.log(`> ${note}`);

const platform = new Platform({
  root,
  env: { ...environment.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
  onLog: quietLogs
    ? undefined
    : (service, line) => {
        const colour = colours[SERVICES.findIndex((s) => s.name === service) % colours.length];
        process.stdout.write(`\x1b[${colour}m${service.padEnd(16)}\x1b[0m ${line}\n`);
      },
});

let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.log('\n> stopping all services...');
    await platform.stop();
    await environment.stop();
    console.log('> stopped');
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  console.log('> applying migrations');
  await platform.migrate();
  console.log('> starting services');
  await platform.start();
  const demo = await ensureDemoTeam();
  const gateway = platform.service('api-gateway').url;
  console.log(`
  Connected Purchases is running.

    REST API (api-gateway)       ${gateway}            try: curl -H "x-api-key: ${demo.api_key}" ${gateway}/retailers?include=all
    auth-server                  ${platform.service('auth-server').url}
    storefront-proxy             ${platform.service('storefront-proxy').url}
    mcp-server                   ${platform.service('mcp-server').url}
    sandbox retailer             ${platform.service('sandbox-retailer').url}            try: npm run admin -- sandbox:account:create --retailer walmart --email me@example.com --password secret123
    sync / matching / events     ${['sync-service', 'matching-service', 'events-service'].map((s) => platform.service(s).url).join('  ')}  (health and metrics)

    Demo team                    ${demo.team_id}
    Demo API key                 ${demo.api_key}

  Press Ctrl-C to stop.
`);
} catch (error) {
  console.error(`> startup failed: ${(error as Error).message}`);
  await shutdown(1);
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
    console.log('> created the demo team and API key (saved in .data/demo.json)');
    return demo;
  } finally {
    await admin.close();
  }
}
