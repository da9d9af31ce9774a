// A throwaway database with mcp-server's migrations applied, for the benches of this folder: created on the
// machine's Postgres (TEST_DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres) and dropped by
// `drop()`. `admin` connects as the migrating superuser, `service` as `cps_mcp`, as mcp-server does.
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = resolve(import.meta.dirname, '../..');
const dist = resolve(process.env.DIST ?? `${ROOT}/dist`);
const load = (path) => import(pathToFileURL(`${dist}/${path}`).href);

const { DataSource } = await import('typeorm');
const { dropDatabase, ensureDatabase } = await load('tools/index.js');
const { runMigrations, schemaDataSourceOptions, schemaRoleUrl } = await load('libs/persistence/src/index.js');
const { migrations } = await load('apps/mcp-server/src/migrations/index.js');

export { load };

/** A new database (or `url`, reused as it is) migrated to mcp-server's latest schema. */
export async function openReadModel({ url, poolSize = 4 } = {}) {
  let databaseUrl = url;
  if (!databaseUrl) {
    const admin = new URL(process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    admin.pathname = `/cps_bench_mcp_${process.pid}_${randomBytes(4).toString('hex')}`;
    databaseUrl = admin.toString();
    await ensureDatabase(databaseUrl);
  }
  const admin = new DataSource(
    schemaDataSourceOptions({ url: databaseUrl, schema: 'mcp', entities: [], migrations, poolSize: 2 }),
  );
  await admin.initialize();
  const applied = await runMigrations(admin, 'mcp');
  const service = new DataSource(
    schemaDataSourceOptions({
      url: schemaRoleUrl(databaseUrl, 'mcp'),
      schema: 'mcp',
      entities: [],
      migrations: [],
      poolSize,
    }),
  );
  await service.initialize();
  return {
    url: databaseUrl,
    applied,
    admin,
    service,
    async close({ drop = true } = {}) {
      await service.destroy();
      await admin.destroy();
      if (drop) await dropDatabase(databaseUrl);
    },
  };
}

/** p-th percentile (nearest rank) of sorted numbers. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const ms = (value) => `${value.toFixed(1)} ms`;
