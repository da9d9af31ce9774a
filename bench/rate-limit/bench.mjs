// Where the gateway's shared token buckets should live (ADR 0012): one "take a token" against Postgres (an
// UNLOGGED table, one upsert), NATS JetStream KV-style (read the last value, write it back with an expected
// sequence, retry on conflict) and Redis (one EVAL), each for one hot bucket (every replica hitting one team) and
// for many buckets, sequentially and with C operations in flight. Prints ops/s and p50/p99 in ms.
//
//   node bench/rate-limit/bench.mjs [--ops 3000] [--concurrency 16]
// Needs Postgres on DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), nats-server and
// redis-server on the PATH (each started here on a free port, in a temporary directory).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';

const { values: args } = parseArgs({
  options: { ops: { type: 'string', default: '3000' }, concurrency: { type: 'string', default: '16' } },
});
const OPS = Number(args.ops);
const CONCURRENCY = Number(args.concurrency);
const BURST = 1e9; // never refuse: every operation does the full read-modify-write
const PER_SECOND = 1e6;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(label, take) {
  for (const [shape, keyOf] of [
    ['one bucket', () => 'team:hot'],
    ['many buckets', (i) => `team:${i % 1000}`],
  ]) {
    for (const inFlight of [1, CONCURRENCY]) {
      const latencies = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < OPS) {
            const i = next++;
            const t0 = performance.now();
            await take(keyOf(i));
            latencies.push(performance.now() - t0);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(10)} ${shape.padEnd(12)} in flight ${String(inFlight).padStart(2)}: ` +
          `${Math.round(OPS / seconds)
            .toString()
            .padStart(6)} ops/s  p50 ${percentile(latencies, 50).toFixed(2)} ms  ` +
          `p99 ${percentile(latencies, 99).toFixed(2)} ms`,
      );
    }
  }
}

async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function postgres() {
  const admin = new pg.Client({
    connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await admin.connect();
  const database = `cps_bench_rate_${process.pid}`;
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${database}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: CONCURRENCY });
  await pool.query(`CREATE UNLOGGED TABLE buckets (key text PRIMARY KEY, tokens double precision NOT NULL,
                      updated_at timestamptz NOT NULL, allowed boolean NOT NULL)`);
  const sql = `INSERT INTO buckets AS b (key, tokens, updated_at, allowed) VALUES ($1, $2 - 1, clock_timestamp(), true)
    ON CONFLICT (key) DO UPDATE SET
      allowed = least($2, b.tokens + extract(epoch FROM clock_timestamp() - b.updated_at) * $3) >= 1,
      tokens = least($2, b.tokens + extract(epoch FROM clock_timestamp() - b.updated_at) * $3)
               - CASE WHEN least($2, b.tokens + extract(epoch FROM clock_timestamp() - b.updated_at) * $3) >= 1 THEN 1 ELSE 0 END,
      updated_at = clock_timestamp()
    RETURNING tokens, allowed`;
  await measure('postgres', (key) => pool.query(sql, [key, BURST, PER_SECOND]));
  await pool.end();
  await admin.query(`DROP DATABASE ${database}`);
  await admin.end();
}

async function nats() {
  const dir = mkdtempSync(join(tmpdir(), 'cps-bench-nats-'));
  const port = await freePort();
  const server = spawn('nats-server', ['-js', '-p', String(port), '-sd', dir], { stdio: 'ignore' });
  try {
    let nc;
    for (let i = 0; i < 50 && !nc; i += 1) nc = await connect({ servers: `127.0.0.1:${port}` }).catch(() => sleep(100));
    const jsm = await jetstreamManager(nc);
    // What a KV bucket is: a stream keeping the last message per subject.
    await jsm.streams.add({ name: 'KV_rate', subjects: ['$KV.rate.>'], max_msgs_per_subject: 1, allow_direct: true });
    const js = jetstream(nc);
    const take = async (key) => {
      const subject = `$KV.rate.${key.replace(':', '_')}`;
      for (;;) {
        const last = await jsm.direct.getMessage('KV_rate', { last_by_subj: subject }).catch(() => null);
        const now = Date.now();
        const state = last ? last.json() : { tokens: BURST, at: now };
        const tokens = Math.min(BURST, state.tokens + ((now - state.at) / 1000) * PER_SECOND) - 1;
        try {
          await js.publish(subject, JSON.stringify({ tokens, at: now }), {
            expect: { lastSubjectSequence: last ? last.seq : 0 },
          });
          return;
        } catch {
          // another writer came first: read again
        }
      }
    };
    await measure('nats kv', take);
    await nc.close();
  } finally {
    server.kill();
    await sleep(200);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A minimal RESP client: one command at a time per connection, a pool of connections. */
async function redis() {
  const port = await freePort();
  const server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await sleep(300);
  const script = `local b = redis.call('HMGET', KEYS[1], 't', 'at') local now = redis.call('TIME')
    local ms = now[1] * 1000 + math.floor(now[2] / 1000) local burst = tonumber(ARGV[1]) local rate = tonumber(ARGV[2])
    local tokens = burst if b[1] then tokens = math.min(burst, tonumber(b[1]) + (ms - tonumber(b[2])) / 1000 * rate) end
    local allowed = 0 if tokens >= 1 then tokens = tokens - 1 allowed = 1 end
    redis.call('HSET', KEYS[1], 't', tokens, 'at', ms) return allowed`;
  const connections = await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      await new Promise((resolve) => socket.once('connect', resolve));
      return socket;
    }),
  );
  const idle = [...connections];
  const command = (parts) =>
    `*${parts.length}\r\n${parts.map((part) => `$${Buffer.byteLength(part)}\r\n${part}\r\n`).join('')}`;
  const take = async (key) => {
    const socket = idle.pop();
    await new Promise((resolve) => {
      socket.once('data', resolve);
      socket.write(command(['EVAL', script, '1', key, String(BURST), String(PER_SECOND)]));
    });
    idle.push(socket);
  };
  await measure('redis', take);
  for (const socket of connections) socket.destroy();
  server.kill();
}

console.log(`${OPS} operations each; in flight 1 and ${CONCURRENCY}; node ${process.version}`);
await postgres();
await nats();
await redis();
process.exit(0);
