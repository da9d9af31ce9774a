// Starts the whole platform from dist/ like libs/testing's TestPlatform does (a database of its own on the
// machine's Postgres, a private nats-server, every service as a process on a free port), for scripts that
// run with plain node after `npm run build`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  AdminClient,
  dropDatabase,
  ensureDatabase,
  NatsServerProcess,
  Platform,
  SERVICES,
} from '../../dist/tools/index.js';
import { freePort } from '../../dist/libs/testing/src/free-port.js';
import { standInForAutovacuum } from './autovacuum.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * A database of its own on the machine's Postgres (vacuumed like autovacuum would where the server does not:
 * autovacuum.mjs) and a private nats-server, made with the tools of a build (by default this one's; a script measuring
 * an older build passes that build's `dist/tools/index.js` and `freePort`).
 */
export async function startInfrastructure(tools = { ensureDatabase, dropDatabase, NatsServerProcess, freePort }) {
  const url = new URL(process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/cps_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = url.toString();
  await tools.ensureDatabase(databaseUrl);
  const stopVacuuming = await standInForAutovacuum(databaseUrl, { log: console.log });
  const natsDir = mkdtempSync(join(tmpdir(), 'cps-bench-nats-'));
  const nats = new tools.NatsServerProcess(await tools.freePort(), natsDir);
  await nats.start();
  return {
    databaseUrl,
    natsUrl: nats.url,
    /** What autovacuum would do at its next naptime, now (nothing when the server's own autovacuum runs). */
    vacuumNow: async () => stopVacuuming?.now(),
    async stop() {
      await stopVacuuming?.();
      await nats.stop();
      await tools.dropDatabase(databaseUrl).catch(() => undefined);
      rmSync(natsDir, { recursive: true, force: true });
    },
  };
}

/**
 * The platform of this build, or (`root`) the services and migrations of another build under this build's launcher;
 * `only`: the names of the services to start (default: every one); `push`: the sandbox retailer pushes "new orders"
 * to the gateway (`SANDBOX_PUSH_URL`, as `npm start` sets it).
 */
export async function startPlatform({
  serviceEnv = {},
  push = false,
  env = {},
  logs = process.env.BENCH_LOGS === '1',
  root = ROOT,
  only,
} = {}) {
  const infrastructure = await startInfrastructure();
  const { databaseUrl, natsUrl } = infrastructure;
  const ports = {};
  for (const spec of SERVICES) ports[spec.name] = await freePort();
  const platform = new Platform({
    root,
    ports,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: logs ? 'info' : 'warn',
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      PUBLIC_BASE_URL: `http://127.0.0.1:${ports['api-gateway']}`,
      SANDBOX_RETAILER_URL: `http://127.0.0.1:${ports['sandbox-retailer']}`,
      ...(push ? { SANDBOX_PUSH_URL: `http://127.0.0.1:${ports['api-gateway']}/retailer-notifications` } : {}),
      ...env,
    },
    serviceEnv,
    services: only ? SERVICES.filter((spec) => only.includes(spec.name)) : undefined,
    onLog: logs ? (service, line) => process.stdout.write(`${service}: ${line}\n`) : undefined,
  });
  // A shared, busy machine can take minutes to start eleven services; one that never comes up stops the rest.
  try {
    await platform.migrate();
    await platform.start(Number(process.env.BENCH_START_TIMEOUT_MS ?? 300_000));
  } catch (error) {
    await platform.stop().catch(() => undefined);
    await infrastructure.stop();
    throw error;
  }
  AdminClient.quiet(); // no Nest connection-status lines among the figures
  const client = await AdminClient.connect(natsUrl, 30_000);
  const gatewayUrl = platform.processes.has('api-gateway') ? platform.service('api-gateway').url : undefined;
  return {
    platform,
    admin: client,
    databaseUrl,
    gatewayUrl,
    sandboxUrl: platform.service('sandbox-retailer').url,
    async createTeam(name) {
      const { team_id } = await client.createTeam(name);
      const key = await client.createApiKey(team_id, `${name} key`);
      return { teamId: team_id, apiKey: key.api_key };
    },
    api: gatewayApi(gatewayUrl),
    async stop() {
      await client.close().catch(() => undefined);
      await platform.stop();
      await infrastructure.stop();
    },
  };
}

/** JSON calls to the gateway at `gatewayUrl`: `{ status, body }`. */
export function gatewayApi(gatewayUrl) {
  return async function api(path, { method = 'GET', apiKey, body, headers = {} } = {}) {
    const response = await fetch(`${gatewayUrl}${path}`, {
      method,
      headers: {
        ...headers,
        ...(apiKey ? { 'x-api-key': apiKey } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

/** The sandbox retailer's admin API (development token). */
export function sandboxAdmin(baseUrl) {
  return async function call(method, path, body) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: 'Bearer sandbox-admin-development-token',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}
