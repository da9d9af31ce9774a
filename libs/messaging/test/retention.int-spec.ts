import { DataSource } from 'typeorm';
import { schemaDataSourceOptions } from '@cps/persistence';
import { createTestDatabase } from '@cps/testing';
import {
  idempotentRepliesTableSql,
  inboxTablesSql,
  MessagingRetentionService,
  RETENTION_BATCH,
  type MessagingOptions,
} from '../src/index.js';

const SCHEMA = 'retentiontest';

/** The purge of the messaging tables against real Postgres: only what is older than its retention goes. */
describe('messaging retention', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataSource: DataSource;
  let retention: MessagingRetentionService;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = new DataSource(
      schemaDataSourceOptions({ url: database.url, schema: SCHEMA, entities: [], migrations: [] }),
    );
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA ${SCHEMA}`);
    for (const sql of [...inboxTablesSql(SCHEMA), ...idempotentRepliesTableSql(SCHEMA)]) await dataSource.query(sql);
    await dataSource.query(`CREATE TABLE ${SCHEMA}.history (id text PRIMARY KEY, created_at timestamptz NOT NULL)`);
    const options: MessagingOptions = {
      service: 'retentiontest',
      schema: SCHEMA,
      natsUrl: 'nats://127.0.0.1:1',
      stream: 'unused',
      requestTimeoutMs: 1_000,
      retentionDays: 30,
      retainedTables: [{ table: 'history', column: 'created_at' }],
    };
    retention = new MessagingRetentionService(options, dataSource);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const count = async (table: string) =>
    Number(((await dataSource.query(`SELECT count(*) AS n FROM ${SCHEMA}.${table}`)) as Array<{ n: string }>)[0]!.n);

  it('deletes inbox ids, dead letters and own history past the retention, and replies older than a day', async () => {
    for (const [id, age] of [
      ['old', '31 days'],
      ['recent', '29 days'],
    ]) {
      await dataSource.query(
        `INSERT INTO ${SCHEMA}.inbox (consumer, message_id, handled_at) VALUES ('c', $1, now() - $2::interval)`,
        [id, age],
      );
      await dataSource.query(
        `INSERT INTO ${SCHEMA}.dead_letters (consumer, message_id, subject, payload, error, deliveries, created_at)
         VALUES ('c', $1, 's', '{}', 'e', 7, now() - $2::interval)`,
        [id, age],
      );
      await dataSource.query(`INSERT INTO ${SCHEMA}.history (id, created_at) VALUES ($1, now() - $2::interval)`, [
        id,
        age,
      ]);
    }
    for (const [key, age] of [
      ['stale', '25 hours'],
      ['fresh', '23 hours'],
    ]) {
      await dataSource.query(
        `INSERT INTO ${SCHEMA}.idempotent_replies (key, subject, reply, created_at) VALUES ($1, 's', '{}', now() - $2::interval)`,
        [key, age],
      );
    }

    expect(await retention.purge()).toBe(false);

    for (const table of ['inbox', 'dead_letters', 'history', 'idempotent_replies']) expect(await count(table)).toBe(1);
    const kept = (await dataSource.query(`SELECT message_id FROM ${SCHEMA}.inbox`)) as Array<{ message_id: string }>;
    expect(kept).toEqual([{ message_id: 'recent' }]);
    const reply = (await dataSource.query(`SELECT key FROM ${SCHEMA}.idempotent_replies`)) as Array<{ key: string }>;
    expect(reply).toEqual([{ key: 'fresh' }]);
  });

  it('deletes in bounded batches and asks for another pass while a batch comes back full', async () => {
    await dataSource.query(
      `INSERT INTO ${SCHEMA}.inbox (consumer, message_id, handled_at)
       SELECT 'bulk', g::text, now() - interval '40 days' FROM generate_series(1, $1) g`,
      [RETENTION_BATCH + 10],
    );
    expect(await retention.purge()).toBe(true);
    expect(await count('inbox')).toBe(1 + 10);
    expect(await retention.purge()).toBe(false);
    expect(await count('inbox')).toBe(1);
  });

  it('lets one replica purge at a time', async () => {
    await dataSource.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`cps.retention.${SCHEMA}`]);
      await dataSource.query(
        `INSERT INTO ${SCHEMA}.inbox (consumer, message_id, handled_at) VALUES ('c', 'held', now() - interval '90 days')`,
      );
      expect(await retention.purge()).toBe(false);
      expect(await count('inbox')).toBe(2);
    });
    await retention.purge();
    expect(await count('inbox')).toBe(1);
  });
});
