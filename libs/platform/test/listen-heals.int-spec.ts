import { type AddressInfo } from 'node:net';
import { Logger, Module, type INestApplication, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { BackgroundLoop } from '@cps/messaging';
import { ServiceMetrics } from '@cps/observability';
import { schemaDataSourceOptions } from '@cps/persistence';
import { createTestDatabase, eventually } from '@cps/testing';
import { HealthController } from '../src/health.controller.js';

const CHANNEL = 'listentest_wake';
const APPLICATION = 'listentest-listen';
const POLL_MS = 10_000;

/** Log lines about LISTEN, as the loops write them. */
class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];
  log = (message: string) => this.lines.push(`log ${message}`);
  warn = (message: string) => this.lines.push(`warn ${message}`);
  error = (message: string) => this.lines.push(`error ${message}`);
}

describe('a LISTEN wake-up heals after its Postgres session is lost (real Postgres)', () => {
  let database: { url: string; drop(): Promise<void> };
  let admin: Client;
  let dataSource: DataSource;
  let app: INestApplication;
  let baseUrl: string;
  let loop: BackgroundLoop;
  const passes: number[] = [];
  const logger = new CapturingLogger();
  const metrics = new ServiceMetrics('listen-test');

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new Client({ connectionString: database.url.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    dataSource = new DataSource(
      schemaDataSourceOptions({ url: database.url, schema: 'public', entities: [], migrations: [] }),
    );
    await dataSource.initialize();

    @Module({
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController],
      providers: [{ provide: DataSource, useValue: dataSource }],
    })
    class ReadinessModule {}
    app = await NestFactory.create(ReadinessModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    Logger.overrideLogger(logger); // after NestFactory, which sets its own
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;

    loop = new BackgroundLoop({
      name: 'ListenTest',
      idleMs: POLL_MS,
      pass: async () => {
        passes.push(Date.now());
        return false;
      },
      listen: { connectionString: database.url, channel: CHANNEL, applicationName: APPLICATION },
    });
    loop.start();
  });

  afterAll(async () => {
    await loop?.stop();
    await app?.close();
    await dataSource?.destroy();
    if (database) await admin.query(`ALTER DATABASE "${dbName()}" ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin?.end();
    await database?.drop();
    Logger.overrideLogger(false);
  });

  const dbName = () => new URL(database.url).pathname.slice(1);
  const listening = async (): Promise<number[]> =>
    (
      (await admin.query(
        `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN%' AND state = 'idle'`,
        [APPLICATION],
      )) as { rows: Array<{ pid: number }> }
    ).rows.map((row) => row.pid);
  const readiness = async () => {
    const response = await fetch(`${baseUrl}/readyz`);
    return {
      status: response.status,
      body: (await response.json()) as { status: string; details: Record<string, unknown> },
    };
  };
  const gauge = async () => (await metrics.registry.getSingleMetricAsString('pg_listen_connected')).split('\n').pop();

  /** How long a NOTIFY takes to start a pass of the loop (the poll alone would take POLL_MS). */
  async function wakeLatency(): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 100)); // the loop sleeps
    const before = passes.length;
    const sent = Date.now();
    await dataSource.query(`SELECT pg_notify($1, '')`, [CHANNEL]); // NOTIFY reaches listeners of its own database only
    await eventually(() => expect(passes.length).toBeGreaterThan(before), 3_000, 10);
    return passes[before]! - sent;
  }

  it('listens, and a NOTIFY wakes the loop at once', async () => {
    await eventually(async () => expect(await listening()).toHaveLength(1));
    expect(await wakeLatency()).toBeLessThan(500);
    expect(await gauge()).toMatch(/^pg_listen_connected\{channel="listentest_wake",service="listen-test"\} 1$/);
    const { status, body } = await readiness();
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.details.listen).toEqual({ status: 'up' });
  });

  it('is back within 5 s after pg_terminate_backend, and NOTIFY wakes the loop again', async () => {
    const [before] = await listening();
    const terminated = Date.now();
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [
      APPLICATION,
    ]);
    const [after] = await eventually(async () => {
      const pids = await listening();
      expect(pids).toHaveLength(1);
      expect(pids[0]).not.toBe(before);
      return pids;
    }, 5_000);
    expect(after).toBeDefined();
    expect(Date.now() - terminated).toBeLessThan(5_000);
    expect(await wakeLatency()).toBeLessThan(500);
  });

  it('reports degraded (readiness 200 "degraded", gauge 0) while it cannot reconnect, logging loss and recovery once', async () => {
    logger.lines.length = 0;
    await admin.query(`ALTER DATABASE "${dbName()}" ALLOW_CONNECTIONS false`);
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [
      APPLICATION,
    ]);
    await eventually(async () => {
      const { status, body } = await readiness();
      expect(status).toBe(200);
      expect(body.status).toBe('degraded');
      expect(body.details.listen).toMatchObject({ status: 'degraded', down: [CHANNEL] });
    }, 5_000);
    expect(await gauge()).toMatch(/ 0$/);
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // several failed reconnects

    await admin.query(`ALTER DATABASE "${dbName()}" ALLOW_CONNECTIONS true`);
    await eventually(async () => expect(await listening()).toHaveLength(1), 6_000);
    await eventually(async () => expect((await readiness()).body.status).toBe('ok'), 2_000);
    expect(await gauge()).toMatch(/ 1$/);
    expect(await wakeLatency()).toBeLessThan(500);

    const listenLines = logger.lines.filter((line) => line.includes(`LISTEN ${CHANNEL}`));
    expect(listenLines).toHaveLength(2);
    expect(listenLines[0]).toMatch(/^warn LISTEN listentest_wake lost: .*; polling only, reconnecting$/);
    expect(listenLines[1]).toMatch(/^log LISTEN listentest_wake restored after \d+\.\d s$/);
  });

  it('is not ready (503, postgres down) while its own database cannot be reached, and ready again after', async () => {
    await admin.query(`ALTER DATABASE "${dbName()}" ALLOW_CONNECTIONS false`);
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [dbName()]);
    await eventually(async () => {
      const { status, body } = await readiness();
      expect(status).toBe(503);
      expect(body.details.postgres).toMatchObject({ status: 'down' });
    }, 5_000);

    await admin.query(`ALTER DATABASE "${dbName()}" ALLOW_CONNECTIONS true`);
    await eventually(async () => {
      const { status, body } = await readiness();
      expect(status).toBe(200);
      expect(body.details.postgres).toEqual({ status: 'up' });
    }, 6_000);
  });
});
