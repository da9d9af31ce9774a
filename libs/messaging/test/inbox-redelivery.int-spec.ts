import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AckPolicy } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { DataSource, type EntityManager } from 'typeorm';
import { ulid } from 'ulid';
import { IsInt } from 'class-validator';
import { defineEvent, type Envelope } from '@cps/contracts';
import { ServiceMetrics } from '@cps/observability';
import { schemaDataSourceOptions } from '@cps/persistence';
import { createTestDatabase, eventually, freePort, NatsServerProcess } from '@cps/testing';
import {
  ensureEventStream,
  InboxConsumerService,
  inboxTablesSql,
  NatsConnectionService,
  type EventHandlerDefinition,
  type MessagingOptions,
} from '../src/index.js';

const SCHEMA = 'redelivery';
class Happened {
  @IsInt() n!: number;
}
const happened = (name: string) => defineEvent(`auth.${name}.happened.v1`, Happened);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('fast redelivery: short ack_wait with progress signals (real Postgres and NATS)', () => {
  let database: { url: string; drop(): Promise<void> };
  let natsServer: NatsServerProcess;
  let dataSource: DataSource;
  let nats: NatsConnectionService;
  let options: MessagingOptions;
  const metrics = new ServiceMetrics('redelivery-test');

  beforeAll(async () => {
    database = await createTestDatabase();
    natsServer = new NatsServerProcess(await freePort(), mkdtempSync(join(tmpdir(), 'cps-nats-')));
    await natsServer.start();
    options = {
      service: 'redelivery',
      schema: SCHEMA,
      natsUrl: natsServer.url,
      stream: 'CPS_EVENTS',
      requestTimeoutMs: 2_000,
      redeliveryBackoffMs: [100, 100],
    };
    dataSource = openDataSource('redelivery-test');
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA ${SCHEMA}`);
    for (const sql of inboxTablesSql(SCHEMA)) await dataSource.query(sql);
    await dataSource.query(`CREATE TABLE ${SCHEMA}.effects (message_id text, n int)`);
    nats = new NatsConnectionService(options);
    await nats.connect();
    await ensureEventStream(nats.jsm, options.stream);
  });

  afterAll(async () => {
    await nats?.onApplicationShutdown();
    await dataSource?.destroy();
    await natsServer?.stop();
    await database?.drop();
  });

  function openDataSource(applicationName: string): DataSource {
    return new DataSource(
      schemaDataSourceOptions({ url: database.url, schema: SCHEMA, entities: [], migrations: [], applicationName }),
    );
  }

  const slowHandler = (name: string, work: (call: number) => Promise<void>) => {
    const handler = {
      name,
      event: happened(name),
      calls: 0,
      async handle(envelope: Envelope<{ n: number }>, manager: EntityManager) {
        handler.calls += 1;
        await manager.query(`INSERT INTO ${SCHEMA}.effects (message_id, n) VALUES ($1, $2)`, [
          envelope.id,
          envelope.data.n,
        ]);
        await work(handler.calls);
      },
    };
    return handler as EventHandlerDefinition & { calls: number };
  };

  const publish = async (name: string, n: number) => {
    const id = ulid();
    const envelope = {
      id,
      subject: `auth.${name}.happened.v1`,
      occurredAt: new Date().toISOString(),
      correlationId: id,
      data: { n },
    };
    await nats.js.publish(envelope.subject, JSON.stringify(envelope), { msgID: id });
    return id;
  };
  const effectsOf = async (id: string): Promise<number> =>
    (
      (await dataSource.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.effects WHERE message_id = $1`, [
        id,
      ])) as Array<{
        n: number;
      }>
    )[0]!.n;

  it('applies a changed ack_wait to an existing durable consumer', async () => {
    const durable = 'redelivery-reconfigured';
    await nats.jsm.consumers.add(options.stream, {
      durable_name: durable,
      filter_subject: 'auth.reconfigured.happened.v1',
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(60_000),
    });
    const consumer = new InboxConsumerService(
      { ...options, ackWaitMs: 2_000 },
      [slowHandler('reconfigured', async () => undefined)],
      dataSource,
      nats,
      metrics,
    );
    await consumer.onApplicationBootstrap();
    await consumer.beforeApplicationShutdown();
    expect((await nats.jsm.consumers.info(options.stream, durable)).config.ack_wait).toBe(nanos(2_000));
  });

  it('deletes the durables of retired consumers at start and again when one is back, missing ones included', async () => {
    const durableOf = (name: string) => `redelivery-${name}`;
    await nats.jsm.consumers.add(options.stream, {
      durable_name: durableOf('retired'),
      filter_subject: 'auth.retired.happened.v1',
      ack_policy: AckPolicy.Explicit,
    });
    const consumer = new InboxConsumerService(
      { ...options, retiredConsumers: ['retired', 'never-created'] },
      [slowHandler('kept', async () => undefined)],
      dataSource,
      nats,
      metrics,
    );
    const durables = async () => {
      const names: string[] = [];
      for await (const info of nats.jsm.consumers.list(options.stream)) names.push(info.name);
      return names;
    };
    await consumer.onApplicationBootstrap();
    try {
      expect(await durables()).toContain(durableOf('kept'));
      await eventually(async () => {
        if ((await durables()).includes(durableOf('retired'))) throw new Error('the retired durable is still there');
      }, 5_000);
      // A replica of the previous version recreates it (a rolling update); the next pass deletes it again.
      await nats.jsm.consumers.add(options.stream, {
        durable_name: durableOf('retired'),
        filter_subject: 'auth.retired.happened.v1',
        ack_policy: AckPolicy.Explicit,
      });
      (consumer as unknown as { retiredLoop: { wake(): void } }).retiredLoop.wake();
      await eventually(async () => {
        if ((await durables()).includes(durableOf('retired'))) throw new Error('the retired durable is back');
      }, 5_000);
    } finally {
      await consumer.beforeApplicationShutdown();
    }
  });

  it('keeps a message that takes three times ack_wait from being redelivered', async () => {
    const handler = slowHandler('long', async () => {
      await sleep(3_500);
    });
    const consumer = new InboxConsumerService({ ...options, ackWaitMs: 1_000 }, [handler], dataSource, nats, metrics);
    await consumer.onApplicationBootstrap();
    try {
      const id = await publish('long', 1);
      await eventually(async () => expect(await effectsOf(id)).toBe(1), 10_000);
      await sleep(1_500);
      expect(handler.calls).toBe(1);
      const info = await nats.jsm.consumers.info(options.stream, 'redelivery-long');
      expect(info.num_redelivered).toBe(0);
      expect(info.num_ack_pending).toBe(0);
    } finally {
      await consumer.beforeApplicationShutdown();
    }
  });

  it('redelivers the message of a consumer that died mid-message within 10 s, with one effect', async () => {
    let received: () => void = () => undefined;
    const receivedByFirst = new Promise<void>((resolve) => (received = resolve));
    let abandon: (error: Error) => void = () => undefined;
    const handler = slowHandler('dying', async (call) => {
      if (call > 1) return;
      received();
      // The first process hangs mid-message (its transaction holds the inbox row) until it dies.
      await new Promise<void>((_, reject) => (abandon = reject));
    });

    // The first "process": its own NATS connection and database pool, so both can die.
    const dyingNats = new NatsConnectionService({ ...options, service: 'dying-process' });
    await dyingNats.connect();
    const dyingDataSource = openDataSource('dying-consumer');
    await dyingDataSource.initialize();
    const first = new InboxConsumerService(options, [handler], dyingDataSource, dyingNats, metrics);
    await first.onApplicationBootstrap();

    const id = await publish('dying', 2);
    await receivedByFirst;
    // SIGKILL, as far as the servers can tell: the NATS connection drops without an ack, the Postgres backend ends.
    await dyingNats.nc.close();
    await dataSource.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'dying-consumer'`,
    );
    const died = Date.now();

    const second = new InboxConsumerService(options, [handler], dataSource, nats, metrics); // default ack_wait
    await second.onApplicationBootstrap();
    try {
      await eventually(async () => expect(await effectsOf(id)).toBe(1), 10_000, 50);
      expect(Date.now() - died).toBeLessThan(10_000);
      expect(handler.calls).toBe(2);
      await sleep(1_000);
      expect(await effectsOf(id)).toBe(1);
      const inbox = (await dataSource.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.inbox WHERE message_id = $1`, [
        id,
      ])) as Array<{ n: number }>;
      expect(inbox[0]!.n).toBe(1);
    } finally {
      abandon(new Error('process gone'));
      await second.beforeApplicationShutdown();
      await first.beforeApplicationShutdown();
      await dyingDataSource.destroy().catch(() => undefined);
    }
  });
});
