// One run of the floor (README.md): its own database on the machine's Postgres and a private nats-server, the
// pipeline (pipeline.mjs) as a child process, a webhook receiver and the load generator in this process. Offers
// `rate` orders a second for `seconds`, waits until every one is delivered, and returns the CPU each process spent
// per delivered purchase and the exactly-once checks. bench.mjs prints it; bench/sync runs it after its own
// sustained phase for the platform/floor ratio.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import pg from 'pg';
import { Agent, request } from 'undici';
import { cpuSnapshot, cpuUsed } from '../sync/cpu.mjs';
import { startInfrastructure } from '../sync/platform.mjs';

const SCHEMA = `
  CREATE SCHEMA floor;
  CREATE TABLE floor.purchases (
    id uuid PRIMARY KEY, connection_id text NOT NULL, external_id text NOT NULL, date timestamptz NOT NULL,
    total int NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (connection_id, external_id));
  CREATE TABLE floor.purchase_items (
    purchase_id uuid NOT NULL REFERENCES floor.purchases, position int NOT NULL, name text NOT NULL, gtin text,
    price int NOT NULL, quantity int NOT NULL, PRIMARY KEY (purchase_id, position));
  CREATE INDEX ON floor.purchase_items (gtin);
  CREATE TABLE floor.products (id serial PRIMARY KEY, gtin text NOT NULL UNIQUE, name text NOT NULL);
  CREATE TABLE floor.matches (
    purchase_id uuid NOT NULL, position int NOT NULL, product_id int NOT NULL, PRIMARY KEY (purchase_id, position));
  CREATE TABLE floor.deliveries (
    purchase_id uuid PRIMARY KEY, status text NOT NULL, delivered_at timestamptz NOT NULL);`;

/** 200 products on the shelves, the brand's 60 of them in `floor.products`. */
const SHELF = Array.from({ length: 200 }, (_, i) => ({
  name: `product ${i}`,
  gtin: String(10_000_000_0000 + i * 7919),
  price: 99 + ((i * 37) % 2_000),
}));

function order(connection) {
  const count = 1 + Math.floor(Math.random() * 6); // 1-6 lines, like the sandbox retailer's orders
  const items = Array.from({ length: count }, () => {
    const product = SHELF[Math.floor(Math.random() * SHELF.length)];
    return { ...product, quantity: 1 + Math.floor(Math.random() * 3) };
  });
  return {
    connection_id: connection,
    external_id: randomUUID(),
    date: new Date().toISOString(),
    total: items.reduce((sum, item) => sum + item.price * item.quantity, 0),
    items,
  };
}

async function receiver() {
  const ids = new Map();
  const server = createServer((req, res) => {
    const id = req.headers['webhook-id'];
    req.resume();
    req.on('end', () => {
      ids.set(id, (ids.get(id) ?? 0) + 1);
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${server.address().port}/hooks`, ids, close: () => server.close() };
}

export async function runFloor({ rate = 500, seconds = 30, log = () => undefined } = {}) {
  const infrastructure = await startInfrastructure();
  const database = new URL(infrastructure.databaseUrl).pathname.slice(1);
  const db = new pg.Client({ connectionString: infrastructure.databaseUrl });
  await db.connect();
  const hooks = await receiver();
  let child;
  try {
    await db.query(SCHEMA);
    await db.query(`INSERT INTO floor.products (gtin, name) SELECT g, 'brand product' FROM unnest($1::text[]) g`, [
      SHELF.slice(0, 60).map((product) => product.gtin),
    ]);
    child = spawn(process.execPath, [new URL('./pipeline.mjs', import.meta.url).pathname], {
      env: {
        ...process.env,
        DATABASE_URL: infrastructure.databaseUrl,
        NATS_URL: infrastructure.natsUrl,
        WEBHOOK_URL: hooks.url,
        WEBHOOK_SECRET: `whsec_${Buffer.from('floor-bench-secret-0123456789ab').toString('base64')}`,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [port] = await new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`floor pipeline exited with ${code}`)));
      child.stdout.on('data', (chunk) => {
        const match = /ready (\d+)/.exec(chunk.toString());
        if (match) resolve([Number(match[1])]);
      });
    });
    const agent = new Agent({ connections: 16, keepAliveTimeout: 30_000 });
    const send = async (orders) => {
      const response = await request(`http://127.0.0.1:${port}/orders`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orders }),
      });
      await response.body.dump();
      if (response.statusCode !== 204) throw new Error(`floor /orders: ${response.statusCode}`);
    };
    // Warm-up: a second's worth, delivered, before the measured phase.
    const connections = Array.from({ length: 1_000 }, (_, i) => `connection-${i}`);
    await send(Array.from({ length: rate }, (_, i) => order(connections[i % connections.length])));
    while (hooks.ids.size < rate) await new Promise((resolve) => setTimeout(resolve, 100));
    const warm = hooks.ids.size;

    // Measured: `rate` a second, a tenth each 100 ms in calls of up to 25 (like bench/sync's sustained phase).
    log(
      `floor: ${rate} orders/s for ${seconds} s; load average ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
    const before = cpuSnapshot({ database });
    const started = Date.now();
    const perTick = Math.max(1, Math.round(rate / 10));
    let placed = 0;
    const calls = [];
    for (let tick = 0; tick < seconds * 10; tick += 1) {
      const due = started + tick * 100;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      for (let left = perTick; left > 0; left -= 25) {
        const count = Math.min(25, left);
        calls.push(send(Array.from({ length: count }, () => order(connections[placed++ % connections.length]))));
      }
    }
    await Promise.all(calls);
    const placedSeconds = (Date.now() - started) / 1000;
    const deadline = Date.now() + 5 * 60_000;
    while (hooks.ids.size < warm + placed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const elapsed = (Date.now() - started) / 1000;
    const after = cpuSnapshot({ database });
    const delivered = hooks.ids.size - warm;
    const used = cpuUsed(before, after);
    const byProcess = {};
    for (const name of ['floor', 'postgres', 'nats-server'])
      byProcess[name] = (used.get(name) ?? 0) * (1000 / delivered);
    const stored = Number((await db.query('SELECT count(*) FROM floor.purchases')).rows[0].count);
    const deliveries = Number((await db.query('SELECT count(*) FROM floor.deliveries')).rows[0].count);
    const sentTwice = [...hooks.ids.values()].filter((count) => count > 1).length;
    const rows = await db.query(
      `SELECT sum(n_tup_ins)::int AS inserted, sum(n_tup_upd)::int AS updated FROM pg_stat_user_tables
        WHERE schemaname = 'floor'`,
    );
    return {
      rate: placed / placedSeconds,
      placed,
      delivered,
      allDeliveredAfter: elapsed,
      cpuPerPurchase: Object.values(byProcess).reduce((sum, ms) => sum + ms, 0),
      byProcess,
      lost: warm + placed - Math.min(stored, deliveries, hooks.ids.size),
      sentTwice,
      rowsPerPurchase: (rows.rows[0].inserted + rows.rows[0].updated) / (warm + placed),
      loadAverage: loadavg(),
    };
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    hooks.close();
    await db.end();
    await infrastructure.stop();
  }
}

/** One line for a floor run's figures. */
export function describeFloor(result) {
  const parts = Object.entries(result.byProcess)
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
    .join(', ');
  return (
    `floor: ${result.placed} orders at ${result.rate.toFixed(0)}/s, ${result.delivered} delivered, the last after ` +
    `${result.allDeliveredAfter.toFixed(1)} s; ${result.cpuPerPurchase.toFixed(2)} ms CPU per purchase (${parts}); ` +
    `${result.rowsPerPurchase.toFixed(1)} rows written per purchase; ${result.lost} lost, ${result.sentTwice} sent twice`
  );
}
