import pg from 'pg';
import { Platform, SERVICES } from '@cps/tools';
import { createTestDatabase } from '@cps/testing';
import { schemaRoleUrl } from '@cps/persistence';
import { ROOT } from './repo.js';

/** Every service's migrations create its role `cps_<schema>`, which may use its own schema and nothing else. */
describe('one database role per schema', () => {
  let database: { url: string; drop(): Promise<void> };
  const clients: pg.Client[] = [];

  const connectAs = async (schema: string) => {
    const client = new pg.Client({ connectionString: schemaRoleUrl(database.url, schema) });
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await new Platform({
      root: ROOT,
      env: { NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: database.url },
    }).migrate();
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await database?.drop();
  });

  it('gives each service its role in DATABASE_URL, while migrations run as the migrating user', () => {
    const platform = new Platform({ root: ROOT, env: { DATABASE_URL: database.url } });
    for (const spec of SERVICES) {
      const url = new URL(platform.service(spec.name).options.env.DATABASE_URL!);
      expect(url.username).toBe(`cps_${spec.schema}`);
    }
  });

  it.each(SERVICES.map((spec) => [spec.schema] as const))('cps_%s reads and writes its own schema', async (schema) => {
    const client = await connectAs(schema);
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM "${schema}".migrations LIMIT 1`);
    expect(rows.length).toBe(1);
    await client.query('BEGIN');
    await client.query(`DELETE FROM "${schema}".migrations WHERE false`);
    await client.query('ROLLBACK');
  });

  it('refuses reading or writing another schema with permission denied', async () => {
    const sync = await connectAs('sync');
    await expect(sync.query('SELECT * FROM auth.teams')).rejects.toMatchObject({ code: '42501' });
    await expect(sync.query('SELECT * FROM events.migrations')).rejects.toMatchObject({ code: '42501' });
    await expect(sync.query('CREATE TABLE gateway.intruder (id int)')).rejects.toMatchObject({ code: '42501' });
    const gateway = await connectAs('gateway');
    await expect(gateway.query('SELECT count(*) FROM sync.connections')).rejects.toMatchObject({ code: '42501' });
    await expect(gateway.query('SELECT count(*) FROM sync.purchases')).rejects.toMatchObject({ code: '42501' });
  });

  it('grants on tables that later migrations create (default privileges)', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    clients.push(admin);
    await admin.query('CREATE TABLE matching.added_later (id bigserial PRIMARY KEY, note text)');
    const matching = await connectAs('matching');
    await matching.query(`INSERT INTO matching.added_later (note) VALUES ('ok')`);
    expect((await matching.query('SELECT note FROM matching.added_later')).rows).toEqual([{ note: 'ok' }]);
    const mcp = await connectAs('mcp');
    await expect(mcp.query('SELECT * FROM matching.added_later')).rejects.toMatchObject({ code: '42501' });
  });
});
