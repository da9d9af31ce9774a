// Projection lag of mcp-server's read model: publishes `matching.purchase.matched.v1` events (2 to 4 items each) at a
// steady rate into a real JetStream (a private nats-server) while mcp-server runs as a process from dist/ with its
// durable inbox consumers, and measures per purchase the time from the publish to its row being readable in
// `mcp.purchases` (polled every 20 ms). Asserts nothing.
//
//   node tools/build.mjs && node bench/mcp/lag.mjs [--rate 500] [--seconds 40] [--teams 4] [--connections 200]
//
// Needs what the integration tests need: Postgres on 127.0.0.1:5432 and nats-server installed. BENCH_LOGS=1 prints
// mcp-server's log.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { load, ms, percentile, ROOT } from './read-model.mjs';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '40' },
    teams: { type: 'string', default: '4' },
    connections: { type: 'string', default: '200' },
  },
});
const rate = Number(args.rate);
const total = rate * Number(args.seconds);
const logs = process.env.BENCH_LOGS === '1';

const { dropDatabase, ensureDatabase, NatsServerProcess, Platform, SERVICES } = await load('tools/index.js');
const { freePort } = await load('libs/testing/src/free-port.js');

const admin = new URL(process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
admin.pathname = `/cps_bench_mcp_lag_${process.pid}_${randomBytes(4).toString('hex')}`;
const databaseUrl = admin.toString();
await ensureDatabase(databaseUrl);
const natsDir = mkdtempSync(join(tmpdir(), 'cps-bench-nats-'));
const nats = new NatsServerProcess(await freePort(), natsDir);
await nats.start();
const platform = new Platform({
  root: ROOT,
  services: SERVICES.filter((spec) => spec.name === 'mcp-server'),
  ports: { 'mcp-server': await freePort() },
  env: {
    NODE_ENV: 'development',
    LOG_LEVEL: logs ? 'info' : 'warn',
    DATABASE_URL: databaseUrl,
    NATS_URL: nats.url,
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
  },
  onLog: logs ? (service, line) => process.stdout.write(`${service}: ${line}\n`) : undefined,
});
const db = new pg.Client({ connectionString: databaseUrl });
const client = await connect({ servers: nats.url, name: 'bench-mcp-lag' });
try {
  await platform.migrate();
  await platform.start();
  await db.connect();
  const js = jetstream(client);

  const RETAILERS = ['target', 'walmart', 'amazon', 'kroger', 'costco'];
  const purchaseOf = (index) => {
    const connection = index % Number(args.connections);
    const lines = 2 + (index % 3);
    const items = Array.from({ length: lines }, (_, line) => ({
      item_id: `line_${line}`,
      name: `Item ${line}`,
      brand: line % 2 ? 'Acme' : null,
      upc: null,
      sku: null,
      price: '4.50',
      quantity: 1 + line,
      product: null,
    }));
    const subtotal = items.reduce((sum, item) => sum + 4.5 * item.quantity, 0);
    return {
      teamId: `team_${connection % Number(args.teams)}`,
      purchase: {
        purchase_id: `pur_${String(index).padStart(8, '0')}`,
        connection_id: `conn_${connection}`,
        retailer_id: RETAILERS[connection % RETAILERS.length],
        date: new Date(Date.now() - (index % 90) * 86_400_000).toISOString(),
        purchase_type: index % 2 ? 'online' : 'in_store',
        currency: 'USD',
        items_subtotal: subtotal.toFixed(2),
        discounts: '0.00',
        shipping: '0.00',
        fees: '0.00',
        tax: '0.00',
        total: subtotal.toFixed(2),
        item_count: lines,
        is_simulated: false,
        items,
      },
    };
  };

  const published = new Map(); // purchase id -> publish instant (performance.now())
  const lags = [];
  let polling = true;
  const poller = (async () => {
    while (polling || published.size > 0) {
      const pending = [...published.keys()];
      if (pending.length > 0) {
        const { rows } = await db.query(`SELECT purchase_id FROM mcp.purchases WHERE purchase_id = ANY($1)`, [pending]);
        const seen = performance.now();
        for (const { purchase_id: id } of rows) {
          lags.push(seen - published.get(id));
          published.delete(id);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();

  console.log(`publishing ${total} purchase.matched events at ${rate}/s into JetStream; mcp-server projects them`);
  const acks = [];
  const started = performance.now();
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const { teamId, purchase } = purchaseOf(index);
    const id = `evt_${String(index).padStart(8, '0')}`;
    const envelope = {
      id,
      subject: 'matching.purchase.matched.v1',
      occurredAt: new Date().toISOString(),
      correlationId: id,
      teamId,
      data: { purchase },
    };
    published.set(purchase.purchase_id, performance.now());
    acks.push(js.publish(envelope.subject, JSON.stringify(envelope), { msgID: id }));
  }
  await Promise.all(acks);
  const sent = performance.now();
  const deadline = sent + 60_000;
  while (published.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  polling = false;
  const missing = published.size;
  published.clear();
  await poller;

  lags.sort((a, b) => a - b);
  console.log(
    `sent ${total} in ${((sent - started) / 1000).toFixed(1)} s (${((total * 1000) / (sent - started)).toFixed(0)}/s); ` +
      `visible ${lags.length}, not visible after 60 s: ${missing}`,
  );
  console.log(
    `lag publish -> row readable in mcp.purchases: p50 ${ms(percentile(lags, 50))}, p95 ${ms(percentile(lags, 95))}, ` +
      `p99 ${ms(percentile(lags, 99))}, max ${ms(lags[lags.length - 1] ?? NaN)}`,
  );
} finally {
  await client.close().catch(() => undefined);
  await db.end().catch(() => undefined);
  await platform.stop();
  await nats.stop();
  await dropDatabase(databaseUrl).catch(() => undefined);
  rmSync(natsDir, { recursive: true, force: true });
}
