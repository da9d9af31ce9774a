import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  OutboxRelayService,
  outboxOrderingKeySql,
  outboxTableSql,
  PermanentEventError,
  recordEvent,
  type EventHandlerDefinition,
  type MessagingOptions,
} from '../src/index.js';

const SCHEMA = 'msgtest';
class Happened {
  @IsInt() n!: number;
}
const happened = (name: string) => defineEvent(`auth.${name}.happened.v1`, Happened);

describe('outbox relay and inbox consumers against real Postgres and NATS', () => {
  let database: { url: string; drop(): Promise<void> };
  let natsServer: NatsServerProcess;
  let dataSource: DataSource;
  let nats: NatsConnectionService;
  let options: MessagingOptions;
  const metrics = new ServiceMetrics('messaging-test');

  beforeAll(async () => {
    database = await createTestDatabase();
    natsServer = new NatsServerProcess(await freePort(), mkdtempSync(join(tmpdir(), 'cps-nats-')));
    await natsServer.start();
    options = {
      service: 'msgtest',
      schema: SCHEMA,
      natsUrl: natsServer.url,
      stream: 'CPS_EVENTS',
      requestTimeoutMs: 2_000,
      redeliveryBackoffMs: [100, 100],
    };
    dataSource = new DataSource(
      schemaDataSourceOptions({ url: database.url, schema: SCHEMA, entities: [], migrations: [] }),
    );
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA ${SCHEMA}`);
    for (const sql of [...outboxTableSql(SCHEMA), ...outboxOrderingKeySql(SCHEMA), ...inboxTablesSql(SCHEMA)]) {
      await dataSource.query(sql);
    }
    await dataSource.query(`CREATE TABLE ${SCHEMA}.effects (message_id text, n int)`);
    nats = new NatsConnectionService(options);
    await nats.connect();
    await ensureEventStream(nats.jsm, options.stream);
    await ensureEventStream(nats.jsm, options.stream); // idempotent
  });

  afterAll(async () => {
    await nats?.onApplicationShutdown();
    await dataSource?.destroy();
    await natsServer?.stop();
    await database?.drop();
  });

  async function consume(handlers: EventHandlerDefinition[], work: () => Promise<void>): Promise<void> {
    const consumer = new InboxConsumerService(options, handlers, dataSource, nats, metrics);
    await consumer.onApplicationBootstrap();
    try {
      await work();
    } finally {
      await consumer.beforeApplicationShutdown();
    }
  }

  const effects = async (): Promise<Array<{ message_id: string; n: number }>> =>
    dataSource.query(`SELECT message_id, n FROM ${SCHEMA}.effects ORDER BY n`);

  const recordingHandler = (name: string, failures = 0): EventHandlerDefinition & { calls: number } => {
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
        if (handler.calls <= failures) throw new Error('transient failure');
      },
    };
    return handler as never;
  };

  const envelope = (name: string, n: number, id = ulid()) => ({
    id,
    subject: `auth.${name}.happened.v1`,
    occurredAt: new Date().toISOString(),
    correlationId: id,
    data: { n },
  });

  it('publishes only committed events, once, with the outbox id as Nats-Msg-Id', async () => {
    const event = happened('relay');
    await dataSource
      .transaction(async (manager) => {
        await recordEvent(manager, SCHEMA, event, { n: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // Fields the event's class does not declare are dropped before the event is stored.
    const committed = await dataSource.transaction((manager) =>
      recordEvent(manager, SCHEMA, event, { n: 2, internal: 'x' } as never),
    );

    const relay = new OutboxRelayService(options, dataSource, nats, metrics);
    expect(await relay.publishBatch()).toBe(1);
    expect(await relay.publishBatch()).toBe(0);

    const stored = await nats.jsm.streams.getMessage(options.stream, { last_by_subj: event.subject });
    expect(stored?.header.get('Nats-Msg-Id')).toBe(committed.id);
    expect(stored?.json()).toEqual({
      id: committed.id,
      subject: event.subject,
      occurredAt: committed.occurredAt,
      correlationId: committed.id,
      data: { n: 2 },
    });
    const info = await nats.jsm.streams.info(options.stream, { subjects_filter: event.subject });
    expect(info.state.subjects?.[event.subject]).toBe(1);
    await expect(recordEvent(dataSource.manager, SCHEMA, event, { n: 'x' } as never)).rejects.toThrow();
  });

  it('relays an event at once when its commit notifies the running relay (no wait for the next poll)', async () => {
    const event = happened('notified');
    const relay = new OutboxRelayService(options, dataSource, nats, metrics);
    relay.onApplicationBootstrap();
    try {
      await eventually(async () => {
        const listening = await dataSource.query(
          `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN%'`,
          [`${SCHEMA}-outbox-listen`],
        );
        expect(listening).toHaveLength(1);
      });
      await new Promise((resolve) => setTimeout(resolve, 100)); // the first pass is done: the relay sleeps 1 s
      const started = Date.now();
      const recorded = await dataSource.transaction((manager) => recordEvent(manager, SCHEMA, event, { n: 3 }));
      await eventually(async () => {
        const stored = await nats.jsm.streams.getMessage(options.stream, { last_by_subj: event.subject });
        expect(stored?.header.get('Nats-Msg-Id')).toBe(recorded.id);
      });
      expect(Date.now() - started).toBeLessThan(900);
    } finally {
      await relay.beforeApplicationShutdown();
    }
  });

  it('gives a redelivered message no second effect', async () => {
    const handler = recordingHandler('dedupe');
    const message = envelope('dedupe', 7);
    await consume([handler], async () => {
      // Same envelope id under two JetStream message ids: both are delivered, the inbox keeps one effect.
      await nats.js.publish(message.subject, JSON.stringify(message), { msgID: `${message.id}-a` });
      await nats.js.publish(message.subject, JSON.stringify(message), { msgID: `${message.id}-b` });
      await eventually(async () => {
        const inbox = await dataSource.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.inbox WHERE message_id = $1`, [
          message.id,
        ]);
        expect(inbox[0].n).toBe(1);
        expect(handler.calls).toBe(1);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await effects()).filter((row) => row.message_id === message.id)).toHaveLength(1);
  });

  it('retries a failing handler with backoff and rolls back the failed attempts', async () => {
    const handler = recordingHandler('flaky', 1);
    const message = envelope('flaky', 8);
    await consume([handler], async () => {
      await nats.js.publish(message.subject, JSON.stringify(message), { msgID: message.id });
      await eventually(() => expect(handler.calls).toBe(2));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await effects()).filter((row) => row.message_id === message.id)).toHaveLength(1);
  });

  it('dead-letters a message after the last delivery, and a malformed one at once', async () => {
    const handler: EventHandlerDefinition & { calls: number } = {
      name: 'doomed',
      event: happened('doomed'),
      calls: 0,
      async handle() {
        handler.calls += 1;
        throw new Error('always fails');
      },
    } as never;
    const strict: EventHandlerDefinition = {
      name: 'strict',
      event: happened('strict'),
      async handle() {
        throw new PermanentEventError('never');
      },
    } as never;
    const failing = envelope('doomed', 9);
    await consume([handler, strict], async () => {
      await nats.js.publish(failing.subject, JSON.stringify(failing), { msgID: failing.id });
      await nats.js.publish('auth.strict.happened.v1', 'not json', { msgID: ulid() });
      await nats.js.publish('auth.strict.happened.v1', JSON.stringify(envelope('strict', 1)), { msgID: ulid() });
      const broken = { ...envelope('strict', 2), data: { n: 'two' } };
      await nats.js.publish(broken.subject, JSON.stringify(broken), { msgID: ulid() });
      await eventually(async () => {
        const rows = await dataSource.query(
          `SELECT consumer, subject, deliveries, error FROM ${SCHEMA}.dead_letters ORDER BY id`,
        );
        expect(rows).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ consumer: 'msgtest-strict', deliveries: 1, error: 'message is not JSON' }),
            expect.objectContaining({ consumer: 'msgtest-strict', deliveries: 1, error: 'never' }),
            expect.objectContaining({
              consumer: 'msgtest-strict',
              deliveries: 1,
              error: expect.stringMatching(/^bad auth\.strict\.happened\.v1 data: .*n must be an integer/),
            }),
            expect.objectContaining({ consumer: 'msgtest-doomed', deliveries: 3, error: 'always fails' }),
          ]),
        );
      });
    });
    expect(handler.calls).toBe(3);
    expect((await effects()).filter((row) => row.message_id === failing.id)).toHaveLength(0);
  });
});
