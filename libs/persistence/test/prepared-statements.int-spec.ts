import { DataSource } from 'typeorm';
import { createTestDatabase } from '@cps/testing';
import { MAX_PREPARED_PER_CONNECTION, PREPARE_AFTER_RUNS, statementName } from '@cps/patches';
import { PreparedStatement, schemaDataSourceOptions } from '../src/index.js';

const SCHEMA = 'preparedtest';

/** Named prepared statements on a TypeORM DataSource's pool, against real Postgres. */
describe('prepared statements', () => {
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
    await dataSource.query(`CREATE TABLE ${SCHEMA}.others (LIKE ${SCHEMA}.things INCLUDING ALL)`);
    await dataSource.query(`INSERT INTO ${SCHEMA}.others SELECT * FROM ${SCHEMA}.things`);
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

  describe('PreparedStatement', () => {
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

  /** The pool's client prepares statements that keep coming back. */
  describe('PreparingClient', () => {
    // A pool of its own: the cap counts only what this client prepared on its one connection.
    let dataSource: DataSource;

    beforeAll(async () => {
      dataSource = new DataSource(
        schemaDataSourceOptions({ url: database.url, schema: SCHEMA, entities: [], migrations: [], poolSize: 1 }),
      );
      await dataSource.initialize();
    });

    afterAll(async () => {
      await dataSource?.destroy();
    });

    const preparedNames = async () =>
      ((await dataSource.query(`SELECT name FROM pg_prepared_statements`)) as Array<{ name: string }>).map(
        (row) => row.name,
      );

    it('runs a text unnamed at first and prepared once it has come back, with the same answers', async () => {
      const text = `SELECT id, name FROM ${SCHEMA}.others WHERE id >= $1 ORDER BY id`;
      for (let run = 1; run < PREPARE_AFTER_RUNS; run++) {
        expect(await dataSource.query(text, [3])).toEqual([{ id: 3, name: 'three' }]);
        expect(await preparedNames()).not.toContain(statementName(text));
      }
      expect(await dataSource.query(text, [2])).toEqual([
        { id: 2, name: 'two' },
        { id: 3, name: 'three' },
      ]);
      expect(await preparedNames()).toContain(statementName(text));
      expect(await dataSource.query(text, [1])).toHaveLength(3);
    });

    it('prepares inside transactions, and a rollback still undoes what the prepared statement wrote', async () => {
      const insert = `INSERT INTO ${SCHEMA}.others (id, name) VALUES ($1, $2)`;
      for (let id = 10; id < 10 + PREPARE_AFTER_RUNS; id++) {
        await dataSource.transaction((manager) => manager.query(insert, [id, `thing ${id}`]));
      }
      expect(await preparedNames()).toContain(statementName(insert));
      await expect(
        dataSource.transaction(async (manager) => {
          await manager.query(insert, [99, 'rolled back']);
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      expect(await dataSource.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.others WHERE id = 99`)).toEqual([
        { n: 0 },
      ]);
      expect(await dataSource.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.others WHERE id >= 10`)).toEqual([
        { n: PREPARE_AFTER_RUNS },
      ]);
    });

    it('leaves statements without parameters unnamed (BEGIN, DDL, several statements in one text)', async () => {
      const before = await preparedNames();
      for (let run = 0; run < PREPARE_AFTER_RUNS + 2; run++) {
        await dataSource.query(`SELECT count(*) FROM ${SCHEMA}.others; SELECT 1`);
      }
      expect(await preparedNames()).toEqual(before);
    });

    it("passes Postgres's error on and the connection stays usable", async () => {
      const byId = `SELECT name FROM ${SCHEMA}.others WHERE id = $1 AND name <> ''`;
      for (let run = 0; run < PREPARE_AFTER_RUNS; run++) await dataSource.query(byId, [1]);
      await expect(dataSource.query(byId, ['not a number'])).rejects.toMatchObject({ driverError: { code: '22P02' } });
      expect(await dataSource.query(byId, [2])).toEqual([{ name: 'two' }]);
    });

    it('leaves texts that select all columns unnamed, so a column added by a migration breaks neither kind', async () => {
      await dataSource.query(`CREATE TABLE ${SCHEMA}.widened (id int PRIMARY KEY, name text NOT NULL)`);
      await dataSource.query(`INSERT INTO ${SCHEMA}.widened VALUES (1, 'one')`);
      const all = `SELECT * FROM ${SCHEMA}.widened WHERE id = $1`;
      const named = `SELECT id, name FROM ${SCHEMA}.widened WHERE id = $1`;
      for (let run = 0; run <= PREPARE_AFTER_RUNS; run++) {
        await dataSource.query(all, [1]);
        await dataSource.query(named, [1]);
      }
      expect(await preparedNames()).not.toContain(statementName(all));
      expect(await preparedNames()).toContain(statementName(named));

      await dataSource.query(`ALTER TABLE ${SCHEMA}.widened ADD COLUMN added text NOT NULL DEFAULT 'new'`);
      expect(await dataSource.query(all, [1])).toEqual([{ id: 1, name: 'one', added: 'new' }]);
      expect(await dataSource.query(named, [1])).toEqual([{ id: 1, name: 'one' }]);
    });

    it(`prepares at most ${MAX_PREPARED_PER_CONNECTION} statements on a connection and runs the rest unnamed`, async () => {
      for (let n = 0; n < MAX_PREPARED_PER_CONNECTION + 20; n++) {
        const text = `SELECT $1::int + ${n} AS sum`;
        for (let run = 0; run < PREPARE_AFTER_RUNS; run++) {
          expect(await dataSource.query(text, [run])).toEqual([{ sum: run + n }]);
        }
      }
      const names = await preparedNames();
      expect(names.filter((name) => name.startsWith('cps_'))).toHaveLength(MAX_PREPARED_PER_CONNECTION);
      expect(names).not.toContain(statementName(`SELECT $1::int + ${MAX_PREPARED_PER_CONNECTION + 19} AS sum`));
    });
  });
});
