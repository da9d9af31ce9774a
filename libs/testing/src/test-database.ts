import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '@cps/tools';

/** The machine's Postgres (TEST_DATABASE_ADMIN_URL overrides), in a fresh database per test run. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(server);
  url.pathname = `/cps_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(url.toString());
  return { url: url.toString(), drop: () => dropDatabase(url.toString()) };
}
