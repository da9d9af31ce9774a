import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Global, Injectable, Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JetStreamApiError } from '@nats-io/jetstream';
import { IsInt } from 'class-validator';
import { DataSource, type EntityManager } from 'typeorm';
import { ulid } from 'ulid';
import { defineEvent, type Envelope } from '@cps/contracts';
import { ServiceMetrics } from '@cps/observability';
import { schemaDataSourceOptions } from '@cps/persistence';
import { createTestDatabase, eventually, freePort, NatsServerProcess } from '@cps/testing';
import {
  EventConsumer,
  eventConsumer,
  inboxTablesSql,
  MessagingModule,
  NatsConnectionService,
  RpcClient,
  type EventHandlerDefinition,
  type MessagingOptions,
} from '../src/index.js';

const SCHEMA = 'disctest';
const STREAM = 'CPS_EVENTS';
class Counted {
  @IsInt() n!: number;
}
const counted = defineEvent('auth.discovery.counted.v1', Counted);

/** Each test's consumers write here, so a test sees what a started consumer handled. */
const handled: number[] = [];

/** Declared with the decorator: run by InboxConsumerService as `disctest-decorated`. */
@EventConsumer()
class DecoratedConsumer implements EventHandlerDefinition<typeof counted> {
  readonly name = 'decorated';
  readonly event = counted;

  async handle(envelope: Envelope<Counted>, manager: EntityManager): Promise<void> {
    await manager.query('SELECT 1');
    handled.push(envelope.data.n);
  }
}

/** The same shape without the decorator: a provider like any other, never consumed. */
@Injectable()
class UndecoratedConsumer implements EventHandlerDefinition<typeof counted> {
  readonly name = 'undecorated';
  readonly event = counted;

  async handle(): Promise<void> {
    handled.push(-1);
  }
}

/** Made by the helper, with the same durable name as DecoratedConsumer. */
const SameNameConsumer = eventConsumer('SameNameConsumer', {
  name: 'decorated',
  event: counted,
  handle: async () => undefined,
});

describe('event consumers declared by their feature module (@EventConsumer, DiscoveryService)', () => {
  let database: { url: string; drop(): Promise<void> };
  let natsServer: NatsServerProcess;
  let dataSource: DataSource;
  let options: MessagingOptions;
  let app: INestApplicationContext | undefined;
  /** The connections of an app whose start failed (Nest leaves them open), closed after the test. */
  let connections: { nats: NatsConnectionService; rpc: RpcClient } | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    natsServer = new NatsServerProcess(await freePort(), mkdtempSync(join(tmpdir(), 'cps-nats-')));
    await natsServer.start();
    options = { service: 'disctest', schema: SCHEMA, natsUrl: natsServer.url, stream: STREAM, requestTimeoutMs: 2_000 };
    dataSource = new DataSource(
      schemaDataSourceOptions({ url: database.url, schema: SCHEMA, entities: [], migrations: [] }),
    );
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA ${SCHEMA}`);
    for (const sql of inboxTablesSql(SCHEMA)) await dataSource.query(sql);
  });

  afterEach(async () => {
    if (app) await app.close();
    else if (connections) await Promise.all([connections.nats.onApplicationShutdown(), connections.rpc.close()]);
    app = undefined;
    connections = undefined;
    handled.length = 0;
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await natsServer?.stop();
    await database?.drop();
  });

  /** What PlatformModule gives the messaging module: the service's DataSource and metrics. */
  function platform(): DynamicModule {
    @Global()
    @Module({})
    class TestPlatformModule {}
    return {
      module: TestPlatformModule,
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: ServiceMetrics, useValue: new ServiceMetrics('disctest') },
      ],
      exports: [DataSource, ServiceMetrics],
    };
  }

  async function start(consumesEvents: boolean, consumers: Array<new (...args: never[]) => unknown>): Promise<void> {
    @Module({
      providers: [
        ...consumers,
        {
          provide: 'connections',
          inject: [NatsConnectionService, RpcClient],
          useFactory: (nats: NatsConnectionService, rpc: RpcClient) => (connections = { nats, rpc }),
        },
      ],
    })
    class FeatureModule {}
    @Module({ imports: [platform(), MessagingModule.forRoot({ options, consumesEvents }), FeatureModule] })
    class TestAppModule {}
    app = await NestFactory.createApplicationContext(TestAppModule, { logger: false, abortOnError: false });
  }

  async function durableExists(name: string): Promise<boolean> {
    const nats = app!.get(NatsConnectionService);
    try {
      await nats.jsm.consumers.info(STREAM, name);
      return true;
    } catch (error) {
      if (error instanceof JetStreamApiError && error.status === 404) return false;
      throw error;
    }
  }

  it("starts a feature module's decorated consumer and not an undecorated provider of the same shape", async () => {
    await start(true, [DecoratedConsumer, UndecoratedConsumer]);

    expect(await durableExists('disctest-decorated')).toBe(true);
    expect(await durableExists('disctest-undecorated')).toBe(false);

    const nats = app!.get(NatsConnectionService);
    const envelope = { id: ulid(), subject: counted.subject, occurredAt: new Date().toISOString(), correlationId: 'c' };
    await nats.js.publish(counted.subject, JSON.stringify({ ...envelope, data: { n: 7 } }), { msgID: envelope.id });
    await eventually(async () => expect(handled).toEqual([7]));
  });

  it('refuses to start two consumers with the same durable name', async () => {
    await expect(start(true, [DecoratedConsumer, SameNameConsumer])).rejects.toThrow(
      'two event consumers are named disctest-decorated',
    );
  });

  it('refuses to start a service with consumers that does not say it consumes events', async () => {
    await expect(start(false, [DecoratedConsumer])).rejects.toThrow(
      'DecoratedConsumer: event consumers need consumesEvents',
    );
  });
});
