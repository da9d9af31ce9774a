import { DataSource } from 'typeorm';
import { createTestDatabase } from '@cps/testing';
import { PreparedStatement, schemaDataSourceOptions } from '../src/index.js';

const SCHEMA = 'preparedtest';

/** Named prepared statements on a TypeORM DataSource's pool, against real Postgres. */
describe('PreparedStatement', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One pooled connection, so every statement below runs in the session whose prepared statements are read.
    dataSource = new DataSource(
      schemaDataSourceOptions({ url: database.url, schema: SCHEMA, entities: [], migrations: [], poolSize: 1 }),
    );
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA ${SCHEMA}`);
    await dataSource.query(`CREATE TABLE ${SCHEMA}.things (id int PRIMARY KEY, name text NOT NULL)`);
    await dataSource.query(`INSERT INTO ${SCHEMA}.things VALUES (1, 'one'), (2, 'two'), (3, 'three')`);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const prepared = async () =>
    (await dataSource.query(`SELECT name, statement FROM pg_prepared_statements`)) as Array<{
      name: string;
      statement: string;
    }>;

  it('is prepared once on the connection and answers each run with its own values', async () => {
    const byId = new PreparedStatement<{ id: number; name: string }>(
      `SELECT id, name FROM ${SCHEMA}.things WHERE id >= $1 ORDER BY id`,
    );
    expect(await byId.run(dataSource, [2])).toEqual([
      { id: 2, name: 'two' },
      { id: 3, name: 'three' },
    ]);
    expect(await byId.run(dataSource, [3])).toEqual([{ id: 3, name: 'three' }]);
    const statements = (await prepared()).filter((row) => row.statement.includes(`${SCHEMA}.things`));
    expect(statements).toHaveLength(1);
    expect(statements[0]!.name).toMatch(/^cps_[0-9a-f]{32}$/);
  });

  it('gives one text one name, and another text another', async () => {
    const text = `SELECT name FROM ${SCHEMA}.things WHERE id = $1`;
    await new PreparedStatement(text).run(dataSource, [1]);
    await new PreparedStatement(text).run(dataSource, [2]);
    await new PreparedStatement(`${text} AND name <> ''`).run(dataSource, [3]);
    const names = (await prepared()).filter((row) => row.statement.startsWith(text)).map((row) => row.name);
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
  });

  it("passes Postgres's error on and stays usable", async () => {
    const byId = new PreparedStatement<{ name: string }>(`SELECT name FROM ${SCHEMA}.things WHERE id = $1`);
    await expect(byId.run(dataSource, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect(await byId.run(dataSource, [1])).toEqual([{ name: 'one' }]);
  });

  it('writes outside any transaction, like DataSource.query', async () => {
    const rename = new PreparedStatement<{ name: string }>(
      `UPDATE ${SCHEMA}.things SET name = $2 WHERE id = $1 RETURNING name`,
    );
    expect(await rename.run(dataSource, [3, 'drei'])).toEqual([{ name: 'drei' }]);
    expect(await dataSource.query(`SELECT name FROM ${SCHEMA}.things WHERE id = 3`)).toEqual([{ name: 'drei' }]);
  });
});
