import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { lastValueFrom } from 'rxjs';
import { DataSource } from 'typeorm';
import { createTestDatabase, freePort, NatsServerProcess } from '@cps/testing';
import {
  PREPARE_AFTER_RUNS,
  PreparingClient,
  SharedInboxClientNats,
  statementName,
  typeormPool,
} from '../src/index.js';

// Contract tests of the patches that need the real thing: a TypeORM upgrade that moves its pg pool or stops handing
// `extra.Client` to it, a pg upgrade that changes how a named statement is asked for, a Nest upgrade that changes
// ClientNats's packets or reply handling, each fails here.
describe('framework patches against Postgres and NATS', () => {
  describe('TypeORM and pg', () => {
    let database: { url: string; drop(): Promise<void> };
    let dataSource: DataSource;

    beforeAll(async () => {
      database = await createTestDatabase();
      dataSource = new DataSource({ type: 'postgres', url: database.url, extra: { Client: PreparingClient, max: 1 } });
      await dataSource.initialize();
    });

    afterAll(async () => {
      await dataSource?.destroy();
      await database?.drop();
    });

    it('reaches the pool of an initialized DataSource', async () => {
      const pool = typeormPool(dataSource);
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect(() => typeormPool(new DataSource({ type: 'postgres', url: database.url }))).toThrow(/initialized/);
    });

    it('opens the pool with PreparingClient, which names a statement once it keeps coming back', async () => {
      const text = 'SELECT $1::int * 2 AS doubled';
      for (let run = 1; run <= PREPARE_AFTER_RUNS + 1; run++) {
        expect(await dataSource.query(text, [run])).toEqual([{ doubled: run * 2 }]);
      }
      const names = (await dataSource.query('SELECT name FROM pg_prepared_statements')) as Array<{ name: string }>;
      expect(names.map((row) => row.name)).toContain(statementName(text));
    });
  });

  describe('Nest ClientNats', () => {
    let nats: NatsServerProcess;
    let responder: NatsConnection;
    let client: SharedInboxClientNats;

    beforeAll(async () => {
      nats = new NatsServerProcess(await freePort(), mkdtempSync(join(tmpdir(), 'cps-nats-')));
      await nats.start();
      // Answers as Nest's ServerNats does: `{ id, response, isDisposed }` on the request's reply subject.
      responder = await connect({ servers: nats.url });
      responder.subscribe('patches.echo', {
        callback: (_error, message) => {
          const packet = message.json<{ id: string; data: { n: number } }>();
          message.respond(JSON.stringify({ id: packet.id, response: { n: packet.data.n * 10 }, isDisposed: true }));
        },
      });
      client = new SharedInboxClientNats({ servers: [nats.url] });
      await client.connect();
    });

    afterAll(async () => {
      await client?.close();
      await responder?.close();
      await nats?.stop();
    });

    it('answers concurrent requests over one reply subscription, each with its own answer', async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, n) => lastValueFrom(client.send<{ n: number }>('patches.echo', { n }))),
      );
      expect(answers).toEqual(Array.from({ length: 50 }, (_, n) => ({ n: n * 10 })));
      const pending = (client as unknown as { pending: Map<string, unknown> }).pending;
      expect(pending.size).toBe(0);
    });
  });
});
