import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { dropDatabase, ensureDatabase, Platform, SERVICES } from '@cps/tools';

const ADMIN_URL = () => process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL());
  url.pathname = `/${name}`;
  return url.toString();
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The machine's Postgres (TEST_DATABASE_ADMIN_URL overrides), in a fresh database per test run; with `template`,
 * a copy of that database (CREATE DATABASE … TEMPLATE, a file copy: milliseconds instead of a migration run).
 */
export async function createTestDatabase(
  options: { template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cps_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(name);
  if (options.template) {
    await admin((client) => client.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(options.template!)}`));
  } else {
    await ensureDatabase(url);
  }
  return { url, drop: () => dropDatabase(url) };
}

/** Every built migration's file name and content, in a stable order: what a migrated template depends on. */
function migrationsDigest(root: string): string {
  const hash = createHash('sha256');
  for (const spec of SERVICES) {
    const dir = join(root, 'dist/apps', spec.name, 'src/migrations');
    let files: string[] = [];
    try {
      files = readdirSync(dir)
        .filter((file) => file.endsWith('.js'))
        .sort();
    } catch {
      // a service without migrations
    }
    for (const file of files) hash.update(`${spec.name}/${file}\n`).update(readFileSync(join(dir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A database with every service's migrations applied (`cps_tpl_<digest of the built migrations>`), built once and
 * then copied for each test file (createTestDatabase with `template`). Applying the migrations takes one Node
 * process per service, seconds each; the copy takes milliseconds. A changed migration changes the name, so a stale
 * template is never used. It is built under a name of its own and renamed when complete, so concurrent runs never
 * copy a half-migrated one. `env` is what the services' `migrate` command needs besides DATABASE_URL.
 */
export async function migratedTemplate(root: string, env: NodeJS.ProcessEnv): Promise<string> {
  const name = `cps_tpl_${migrationsDigest(root)}`;
  const exists = async () =>
    admin(async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0);
  if (await exists()) return name;
  const building = `${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = databaseUrl(building);
  await ensureDatabase(url);
  try {
    await new Platform({ root, services: SERVICES, env: { ...env, DATABASE_URL: url } }).migrate();
    await admin((client) => client.query(`ALTER DATABASE ${quoted(building)} RENAME TO ${quoted(name)}`));
  } catch (error) {
    await dropDatabase(url).catch(() => undefined);
    // Another run finished the same template first: use theirs.
    if (await exists()) return name;
    throw error;
  }
  return name;
}
