import { join } from 'node:path';
import {
  ensureDatabase,
  findNatsServer,
  NatsServerProcess,
  portOpen,
  startEmbeddedPostgres,
} from './infrastructure.js';

interface Environment {
  env: NodeJS.ProcessEnv;
  notes: string[];
  stop(): Promise<void>;
}

/**
 * Finds or starts Postgres and NATS for a local run. An explicit DATABASE_URL / NATS_URL is used as
 * given. Otherwise the machine's servers on the standard ports are used, and when nothing answers
 * there an embedded Postgres (data in .data/postgres) and a nats-server child (data in .data/nats)
 * are started.
 */
export async function prepareEnvironment(root: string): Promise<Environment> {
  const env: NodeJS.ProcessEnv = {};
  const notes: string[] = [];
  const stops: Array<() => Promise<void>> = [];

  if (process.env.DATABASE_URL) {
    env.DATABASE_URL = process.env.DATABASE_URL;
  } else if (await portOpen(5432)) {
    env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/cps';
  } else {
    const embedded = await startEmbeddedPostgres(join(root, '.data', 'postgres'), 5432);
    env.DATABASE_URL = embedded.url;
    stops.push(embedded.stop);
    notes.push('started an embedded Postgres on 127.0.0.1:5432 (data in .data/postgres)');
  }
  await ensureDatabase(env.DATABASE_URL);

  if (process.env.NATS_URL) {
    env.NATS_URL = process.env.NATS_URL;
  } else if (await portOpen(4222)) {
    env.NATS_URL = 'nats://127.0.0.1:4222';
  } else {
    if (!findNatsServer()) {
      throw new Error(
        'NATS is not running on 127.0.0.1:4222 and nats-server is not installed. Install it ' +
          '(Debian/Ubuntu: sudo apt-get install nats-server; macOS: brew install nats-server) ' +
          'or set NATS_URL to a NATS server with JetStream enabled.',
      );
    }
    const nats = new NatsServerProcess(4222, join(root, '.data', 'nats'));
    await nats.start();
    env.NATS_URL = nats.url;
    stops.push(() => nats.stop());
    notes.push('started nats-server -js on 127.0.0.1:4222 (data in .data/nats)');
  }

  return {
    env,
    notes,
    stop: async () => {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
    },
  };
}
