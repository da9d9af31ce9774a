import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { SERVICES } from '@cps/tools';
import { createTestDatabase } from '@cps/testing';
import { ROOT } from './repo.js';

const run = promisify(execFile);

/**
 * A migration Job is given DATABASE_URL and nothing else (k8s/base/apps/*: no secret of the service), in production
 * mode (NODE_ENV unset). `main.js migrate` must then apply the schema's migrations instead of stopping on the
 * service's own required variables (code 78), which it reads only when it starts to serve.
 */
describe('main.js migrate with DATABASE_URL alone', () => {
  let database: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it.each(SERVICES.map((spec) => [spec.name, spec.schema] as const))(
    '%s migrates its schema %s',
    async (name, schema) => {
      const entry = join(ROOT, 'dist/apps', name, 'src/main.js');
      const result = await run(process.execPath, [entry, 'migrate'], {
        env: { PATH: process.env.PATH, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
        timeout: 60_000,
      }).catch((error: { code?: number; stderr?: string }) => error);
      expect({ code: (result as { code?: number }).code ?? 0, stderr: result.stderr }).toEqual({
        code: 0,
        stderr: '',
      });
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ count: string }>(`SELECT count(*) FROM "${schema}".migrations`);
        expect(Number(rows[0]!.count)).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
    },
  );
});
