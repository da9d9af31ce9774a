import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JetStreamClient } from '@nats-io/jetstream';
import { DataSource } from 'typeorm';
import { IsInt } from 'class-validator';
import { defineEvent } from '@cps/contracts';
import { ServiceMetrics } from '@cps/observability';
import { schemaDataSourceOptions } from '@cps/persistence';
import { createTestDatabase, freePort, NatsServerProcess } from '@cps/testing';
import {
  ensureEventStream,
  NatsConnectionService,
  OutboxRelayService,
  outboxOrderingKeySql,
  outboxTableSql,
  recordEvent,
  type MessagingOptions,
} from '../src/index.js';

const SCHEMA = 'relaytest';
class Happened {
  @IsInt() n!: number;
}
const happened = defineEvent('auth.relay-partial.happened.v1', Happened);

/**
 * The real JetStream client behind a counter of publish calls per Nats-Msg-Id: JetStream's duplicate window
 * would hide a second publish of the same row, the counter does not. `failOnce` makes the first publish of
 * those ids fail as a timeout would.
 */
function countingNats(real: NatsConnectionService, failOnce: Set<string>) {
  const calls = new Map<string, number>();
  const acked: string[] = [];
  const js = new Proxy(real.js, {
    get(target, property, receiver) {
      if (property !== 'publish') return Reflect.get(target, property, receiver) as unknown;
      const publish: JetStreamClient['publish'] = async (subject, payload, options) => {
        const id = options?.msgID ?? '';
        calls.set(id, (calls.get(id) ?? 0) + 1);
        if (failOnce.delete(id)) throw new Error(`publish of ${id} timed out`);
        const ack = await target.publish(subject, payload, options);
        acked.push(id);
        return ack;
      };
      return publish;
    },
  });
  const nats = new Proxy(real, {
    get: (target, property, receiver) =>
      property === 'js' ? js : (Reflect.get(target, property, receiver) as unknown),
  });
  return { nats, calls, acked };
}

describe('outbox relay under a partial batch failure (real Postgres and NATS)', () => {
  let database: { url: string; drop(): Promise<void> };
  let natsServer: NatsServerProcess;
  let dataSource: DataSource;
  let nats: NatsConnectionService;
  let options: MessagingOptions;
  const metrics = new ServiceMetrics('relay-test');

  beforeAll(async () => {
    database = await createTestDatabase();
    natsServer = new NatsServerProcess(await freePort(), mkdtempSync(join(tmpdir(), 'cps-nats-')));
    await natsServer.start();
    options = {
      service: 'relaytest',
      schema: SCHEMA,
      natsUrl: natsServer.url,
      stream: 'CPS_EVENTS',
      requestTimeoutMs: 2_000,
    };
    dataSource = new DataSource(
      schemaDataSourceOptions({ url: database.url, schema: SCHEMA, entities: [], migrations: [] }),
    );
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA ${SCHEMA}`);
    for (const sql of [...outboxTableSql(SCHEMA), ...outboxOrderingKeySql(SCHEMA)]) await dataSource.query(sql);
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

  beforeEach(() => dataSource.query(`DELETE FROM ${SCHEMA}.outbox`));

  const pending = async (): Promise<string[]> =>
    (
      (await dataSource.query(`SELECT id FROM ${SCHEMA}.outbox WHERE published_at IS NULL ORDER BY id`)) as Array<{
        id: string;
      }>
    ).map((row) => row.id);

  it('publishes every row once: a failed publish leaves only its row (and its team`s later rows) pending', async () => {
    // Team A's events a1..a5 interleaved with team B's b1..b2, in commit order.
    const ids: Record<string, string> = {};
    for (const [name, teamId] of [
      ['a1', 'team-a'],
      ['b1', 'team-b'],
      ['a2', 'team-a'],
      ['a3', 'team-a'],
      ['b2', 'team-b'],
      ['a4', 'team-a'],
      ['a5', 'team-a'],
    ] as const) {
      const envelope = await dataSource.transaction((manager) =>
        recordEvent(manager, SCHEMA, happened, { n: 1 }, { teamId }),
      );
      ids[name] = envelope.id;
    }
    const { nats: counted, calls, acked } = countingNats(nats, new Set([ids.a3!]));
    const relay = new OutboxRelayService(options, dataSource, counted as NatsConnectionService, metrics);

    await relay.publishBatch().catch(() => undefined); // a3 fails
    const afterFailure = await pending();
    await relay.publishBatch().catch(() => undefined);
    expect(await pending()).toEqual([]);

    // No row published twice (the duplicate window would have hidden it in the stream).
    expect(Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, calls.get(id)]))).toEqual({
      a1: 1,
      a2: 1,
      a3: 2,
      a4: 1,
      a5: 1,
      b1: 1,
      b2: 1,
    });
    // Team A stops at its first failure so its consumers never see a4 before a3; team B is unaffected.
    expect(afterFailure).toEqual([ids.a3, ids.a4, ids.a5]);
    const teamA = [ids.a1, ids.a2, ids.a3, ids.a4, ids.a5];
    expect(acked.filter((id) => teamA.includes(id))).toEqual(teamA);
    const info = await nats.jsm.streams.info(options.stream, { subjects_filter: happened.subject });
    expect(info.state.subjects?.[happened.subject]).toBe(7);
  });

  it('keeps the order per ordering key, and of a row without a key against all of its team', async () => {
    // Team A: connections c1 and c2, then a team-wide event (no key), then c2 again.
    const ids: Record<string, string> = {};
    for (const [name, orderingKey] of [
      ['a1', 'c1'],
      ['a2', 'c2'],
      ['a3', 'c1'],
      ['a4', 'c2'],
      ['a5', undefined],
      ['a6', 'c2'],
    ] as const) {
      const envelope = await dataSource.transaction((manager) =>
        recordEvent(manager, SCHEMA, happened, { n: 1 }, { teamId: 'team-a', ...(orderingKey ? { orderingKey } : {}) }),
      );
      ids[name] = envelope.id;
    }
    const { nats: counted, calls, acked } = countingNats(nats, new Set([ids.a3!]));
    const relay = new OutboxRelayService(options, dataSource, counted as NatsConnectionService, metrics);

    await relay.publishBatch().catch(() => undefined); // a3 fails
    // c2 goes on without c1's failed a3; the team-wide a5 and what follows it wait for a3.
    expect(await pending()).toEqual([ids.a3, ids.a5, ids.a6]);
    await relay.publishBatch();
    expect(await pending()).toEqual([]);

    const at = (name: string) => acked.indexOf(ids[name]!);
    expect(at('a1')).toBeLessThan(at('a3'));
    expect(at('a2')).toBeLessThan(at('a4'));
    for (const before of ['a1', 'a2', 'a3', 'a4']) expect(at(before)).toBeLessThan(at('a5'));
    expect(at('a5')).toBeLessThan(at('a6'));
    expect([...calls.values()].reduce((sum, count) => sum + count, 0)).toBe(7); // a3 twice, the others once
  });

  it('holds no transaction open while it publishes', async () => {
    const envelope = await dataSource.transaction((manager) => recordEvent(manager, SCHEMA, happened, { n: 2 }));
    let openDuringPublish: unknown[] = [];
    const slow = new Proxy(nats, {
      get: (target, property, receiver) =>
        property === 'js'
          ? {
              publish: async (...args: Parameters<JetStreamClient['publish']>) => {
                openDuringPublish = await dataSource.query(
                  `SELECT pid FROM pg_stat_activity
                    WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
                );
                return target.js.publish(...args);
              },
            }
          : (Reflect.get(target, property, receiver) as unknown),
    });
    const relay = new OutboxRelayService(options, dataSource, slow as NatsConnectionService, metrics);
    expect(await relay.publishBatch()).toBe(1);
    expect(openDuringPublish).toEqual([]);
    expect(await pending()).not.toContain(envelope.id);
  });

  it('lets one relay of a schema publish at a time, so replicas never publish the same row', async () => {
    const recorded = await dataSource.transaction(async (manager) => {
      const ids: string[] = [];
      for (let n = 0; n < 20; n++)
        ids.push((await recordEvent(manager, SCHEMA, happened, { n }, { teamId: `t${n % 3}` })).id);
      return ids;
    });
    const replicas = [countingNats(nats, new Set()), countingNats(nats, new Set())];
    const relays = replicas.map(
      (replica) => new OutboxRelayService(options, dataSource, replica.nats as NatsConnectionService, metrics),
    );
    const results = await Promise.all(relays.map((relay) => relay.publishBatch()));
    expect(results.sort((a, b) => a - b)).toEqual([0, 20]);
    for (const id of recorded) expect(replicas.map((replica) => replica.calls.get(id) ?? 0)).toContain(0);
    expect(await pending()).toEqual([]);
  });
});
