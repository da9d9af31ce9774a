// Sync throughput and latency with many linked sandbox accounts. Run after `npm run build`:
//
//   node bench/sync/bench.mjs [--accounts 1000] [--history 3] [--interval-ms 5000] [--concurrency 32]
//     [--sustain-rate 500] [--sustain-seconds 30] [--push] [--profile DIR]
//
// It starts the whole platform (a database of its own, a private nats-server, every service), links
// `accounts` sandbox-retailer accounts through sync-service's link-flow RPCs (the same steps the hosted
// pages take), and prints figures; it asserts nothing. See README.md.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { linkAccount, pool } from './accounts.mjs';
import { sandboxAdmin, startPlatform } from './platform.mjs';
import { cpuPerUnit, cpuSnapshot, cpuUsed } from './cpu.mjs';
import { describeFloor, runFloor } from '../floor/run.mjs';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    history: { type: 'string', default: '3' },
    'interval-ms': { type: 'string' },
    concurrency: { type: 'string', default: '32' },
    'new-orders-per-second': { type: 'string', default: '20' },
    burst: { type: 'string', default: '3' },
    'sustain-rate': { type: 'string', default: '500' },
    'sustain-seconds': { type: 'string', default: '30' },
    push: { type: 'boolean', default: false },
    profile: { type: 'string' },
    'skip-floor': { type: 'boolean', default: false },
  },
});
// --push: the sandbox tells the platform about new orders (sync-now, ADR 0017), and the regular poll is the
// service's default safety net (60 s) instead of the 5 s that polling alone needs to find orders quickly.
const PUSH = args.push;
const ACCOUNTS = Number(args.accounts);
const HISTORY = Number(args.history);
const INTERVAL_MS = Number(args['interval-ms'] ?? (PUSH ? 60_000 : 5_000));
const CONCURRENCY = Number(args.concurrency);
const ORDER_RATE = Number(args['new-orders-per-second']);
const BURST = Number(args.burst);
const SUSTAIN_RATE = Number(args['sustain-rate']);
const SUSTAIN_SECONDS = Number(args['sustain-seconds']);
const RETAILER = 'walmart';

const log = (message) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** p50/p99/max of a list of milliseconds, as text. */
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return `p50 ${s(percentile(sorted, 50))}, p99 ${s(percentile(sorted, 99))}, max ${s(sorted.at(-1))} (n=${sorted.length})`;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Records every purchase.created with its arrival time. */
async function webhookReceiver() {
  const arrivals = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const at = Date.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        if (body.type === 'purchase.created') {
          arrivals.push({ at, purchase: body.data.purchase, webhookId: req.headers['webhook-id'] });
        }
      } catch {
        // not ours
      }
      res.writeHead(200).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hooks`, arrivals, close: () => server.close() };
}

const started = Date.now();
log(
  `starting the platform (poll interval ${INTERVAL_MS} ms, scheduler concurrency ${CONCURRENCY}` +
    `${PUSH ? ', the sandbox pushes new orders' : ''})`,
);
const cpuProf = args.profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${args.profile}` } : {};
const platform = await startPlatform({
  push: PUSH,
  env: { DATABASE_POOL_SIZE: '20' },
  serviceEnv: {
    'matching-service': cpuProf,
    'sandbox-retailer': cpuProf,
    'api-gateway': cpuProf,
    'sync-service': {
      ...cpuProf,
      SYNC_POLL_INTERVAL_MS: String(INTERVAL_MS),
      SYNC_POLL_CONCURRENCY: String(CONCURRENCY),
      SYNC_SCHEDULER_TICK_MS: '100',
    },
    'events-service': {
      ...cpuProf,
      DELIVERY_POLL_MS: '100',
      DELIVERY_CONCURRENCY: '64',
      WEBHOOK_RETRY_SCHEDULE: '0,1,1,2,2,2,2,2',
    },
  },
});
const receiver = await webhookReceiver();
const database = new URL(platform.databaseUrl).pathname.slice(1);
/** CPU ms per delivered purchase of the platform's ingest in the sustained phase (see ingestCpuPerPurchase). */
let platformCpu;
const db = new pg.Client({ connectionString: platform.databaseUrl });
await db.connect();
const sandbox = sandboxAdmin(platform.sandboxUrl);

/**
 * Time from a purchase being stored by sync-service (collected: `sync.purchases.created_at`, Postgres's clock
 * on this machine) to its purchase.created arriving at the receiver: the platform's own latency, without the
 * wait for the retailer to be polled.
 */
async function collectedToWebhook(arrivals) {
  const { rows } = await db.query('SELECT id, created_at FROM sync.purchases WHERE id = ANY($1)', [
    arrivals.map((arrival) => arrival.purchase.purchase_id),
  ]);
  const storedAt = new Map(rows.map((row) => [row.id, row.created_at.getTime()]));
  return arrivals
    .filter((a) => storedAt.has(a.purchase.purchase_id))
    .map((a) => a.at - storedAt.get(a.purchase.purchase_id));
}

try {
  const team = await platform.createTeam('Bench Brand');
  await platform.admin.enableRetailer(team.teamId, RETAILER);
  const webhook = await platform.api('/webhooks', {
    method: 'POST',
    apiKey: team.apiKey,
    body: { url: receiver.url, event_types: ['purchase.created'] },
  });
  if (webhook.status !== 201) throw new Error(`webhook: ${webhook.status}`);

  // 1. Accounts with a history at the sandbox retailer.
  const email = (i) => `bench-${i}@shopper.test`;
  let t = Date.now();
  await pool(ACCOUNTS, 16, async (i) => {
    await sandbox('POST', `/admin/r/${RETAILER}/accounts`, { email: email(i), password: 'bench password' });
    if (HISTORY > 0) {
      await sandbox('POST', `/admin/r/${RETAILER}/accounts/${encodeURIComponent(email(i))}/orders`, {
        count: HISTORY,
        back_date_days: 90,
      });
    }
  });
  log(`created ${ACCOUNTS} sandbox accounts with ${HISTORY} orders each in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  // 2. Link them all: link token -> session -> retailer -> consent -> sign-in. Each link starts its backfill.
  const connectionOf = new Map();
  const backfillStart = Date.now();
  t = backfillStart;
  await pool(ACCOUNTS, 16, async (i) => {
    const connectionId = await linkAccount(platform.admin, {
      teamId: team.teamId,
      retailerId: RETAILER,
      customerId: `bench-${i}`,
      email: email(i),
      password: 'bench password',
    });
    connectionOf.set(connectionId, i);
  });
  const linkSeconds = (Date.now() - t) / 1000;
  log(`linked ${ACCOUNTS} accounts in ${linkSeconds.toFixed(1)} s (${(ACCOUNTS / linkSeconds).toFixed(1)} links/s)`);

  // 3. Backfill: every historical order becomes one stored purchase and one purchase.created webhook.
  const expectedHistory = ACCOUNTS * HISTORY;
  let stored = 0;
  let lastProgress = Date.now();
  while (receiver.arrivals.length < expectedHistory) {
    await sleep(1000);
    stored = Number((await db.query('SELECT count(*) FROM sync.purchases')).rows[0].count);
    if (Date.now() - lastProgress > 10_000) {
      log(`backfill: ${stored} stored, ${receiver.arrivals.length} delivered of ${expectedHistory}`);
      lastProgress = Date.now();
    }
  }
  const storedTimes = await db.query(
    `SELECT min(created_at) AS first, max(created_at) AS last, count(*) AS n FROM sync.purchases`,
  );
  const collectSeconds = (storedTimes.rows[0].last.getTime() - backfillStart) / 1000;
  const deliveredSeconds = (Math.max(...receiver.arrivals.map((a) => a.at)) - backfillStart) / 1000;
  const backfill = {
    purchases: Number(storedTimes.rows[0].n),
    collectedPerSecond: Number(storedTimes.rows[0].n) / collectSeconds,
    publishedPerSecond: receiver.arrivals.length / deliveredSeconds,
    collectSeconds,
    deliveredSeconds,
  };
  log(
    `backfill: ${backfill.purchases} purchases stored in ${collectSeconds.toFixed(1)} s, ` +
      `delivered as webhooks in ${deliveredSeconds.toFixed(1)} s (from the first link)`,
  );

  // 4. Throughput: BURST new orders at every account at once; every account is polled within one interval.
  const countStored = async () => Number((await db.query('SELECT count(*) FROM sync.purchases')).rows[0].count);
  const storedBefore = await countStored();
  const deliveredBefore = receiver.arrivals.length;
  const burstStart = Date.now();
  await pool(ACCOUNTS, 16, async (i) => {
    await sandbox('POST', `/admin/r/${RETAILER}/accounts/${encodeURIComponent(email(i))}/orders`, { count: BURST });
  });
  const burstPlaced = (Date.now() - burstStart) / 1000;
  const burstTotal = ACCOUNTS * BURST;
  while (receiver.arrivals.length < deliveredBefore + burstTotal) await sleep(250);
  const burstStored = await db.query(
    `SELECT max(created_at) AS last, count(*) AS n FROM sync.purchases WHERE created_at >= $1`,
    [new Date(burstStart)],
  );
  const burstCollectSeconds = (burstStored.rows[0].last.getTime() - burstStart) / 1000;
  const burstDeliverSeconds = (receiver.arrivals.at(-1).at - burstStart) / 1000;
  const burst = {
    collectedPerSecond: burstTotal / burstCollectSeconds,
    publishedPerSecond: burstTotal / burstDeliverSeconds,
    collectedToWebhook: await collectedToWebhook(receiver.arrivals.slice(deliveredBefore)),
  };
  if ((await countStored()) - storedBefore !== burstTotal) log('warning: stored count differs from orders placed');
  log(
    `burst: ${burstTotal} orders placed in ${burstPlaced.toFixed(1)} s, stored by ${burstCollectSeconds.toFixed(1)} s, ` +
      `delivered by ${burstDeliverSeconds.toFixed(1)} s`,
  );

  // 5. Latency: one new order per account at ORDER_RATE orders per second, from the order appearing at the
  // retailer (its admin API answered) to its purchase.created arriving at our receiver.
  const placed = new Map(); // `${connection_id}|${date}` -> time the order appeared
  const indexToConnection = new Map([...connectionOf].map(([connectionId, i]) => [i, connectionId]));
  const before = receiver.arrivals.length;
  const steadyStart = Date.now();
  await pool(ACCOUNTS, 8, async (i) => {
    const due = steadyStart + (i * 1000) / ORDER_RATE;
    if (due > Date.now()) await sleep(due - Date.now());
    const { orders } = await sandbox('POST', `/admin/r/${RETAILER}/accounts/${encodeURIComponent(email(i))}/orders`, {
      count: 1,
    });
    placed.set(`${indexToConnection.get(i)}|${new Date(orders[0].ordered_at).toISOString()}`, Date.now());
  });
  const placedSeconds = (Date.now() - steadyStart) / 1000;
  const deadline = Date.now() + 10 * 60_000;
  while (receiver.arrivals.length < before + ACCOUNTS && Date.now() < deadline) await sleep(500);
  const fresh = receiver.arrivals.slice(before);
  const latencies = fresh
    .map((arrival) => {
      const at = placed.get(`${arrival.purchase.connection_id}|${arrival.purchase.date}`);
      return at === undefined ? null : arrival.at - at;
    })
    .filter((ms) => ms !== null)
    .sort((a, b) => a - b);

  const pacedCollectedToWebhook = await collectedToWebhook(fresh);

  // 6. Sustained: SUSTAIN_RATE new orders a second for SUSTAIN_SECONDS, a few orders per account at a time
  // (every 100 ms, in turn over the accounts); how many webhooks a second arrive while orders keep coming, and the
  // platform's latency from collection to webhook at that rate.
  const sustainBefore = receiver.arrivals.length;
  const perTick = Math.max(1, Math.round(SUSTAIN_RATE / 10));
  const perCall = Math.max(1, Math.ceil(perTick / 25));
  let sustainPlaced = 0;
  let account = 0;
  const sustainStart = Date.now();
  const cpuBefore = cpuSnapshot({ database });
  const writesBefore = await databaseWrites(db);
  for (let tick = 0; tick < SUSTAIN_SECONDS * 10; tick += 1) {
    const due = sustainStart + tick * 100;
    if (due > Date.now()) await sleep(due - Date.now());
    const calls = [];
    for (let left = perTick; left > 0; left -= perCall) {
      const count = Math.min(perCall, left);
      const i = account++ % ACCOUNTS;
      calls.push(sandbox('POST', `/admin/r/${RETAILER}/accounts/${encodeURIComponent(email(i))}/orders`, { count }));
      sustainPlaced += count;
    }
    await Promise.all(calls);
  }
  const sustainPlacedSeconds = (Date.now() - sustainStart) / 1000;
  const sustainDeadline = Date.now() + 5 * 60_000;
  while (receiver.arrivals.length < sustainBefore + sustainPlaced && Date.now() < sustainDeadline) await sleep(500);
  const sustained = receiver.arrivals.slice(sustainBefore);
  const cpuAfter = cpuSnapshot({ database });
  const sustainCpu = cpuPerUnit(cpuBefore, cpuAfter, sustained.length, (Date.now() - sustainStart) / 1000);
  platformCpu = ingestCpuPerPurchase(cpuBefore, cpuAfter, sustained.length);
  const writesAfter = await databaseWrites(db);
  const perPurchase = (key) => ((writesAfter[key] - writesBefore[key]) / sustained.length).toFixed(1);
  const tableWrites = [...writesAfter.tables]
    .map(([table, rows]) => [table, (rows - (writesBefore.tables.get(table) ?? 0)) / sustained.length])
    .filter(([, rows]) => rows >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([table, rows]) => `${table} ${rows.toFixed(1)}`);
  const sustainWrites =
    `Postgres per purchase: ${perPurchase('commits')} commits, ${perPurchase('inserted')} rows inserted, ` +
    `${perPurchase('updated')} updated, ${perPurchase('deleted')} deleted; rows written by table: ${tableWrites.join(', ')}`;
  // The steady part: from one poll interval after the first order (every account has been polled once; with pushes,
  // 2 s) to the end of placing.
  const steadyFrom = sustainStart + (PUSH ? 2_000 : INTERVAL_MS * 1.2);
  const steadyTo = sustainStart + sustainPlacedSeconds * 1000;
  const steadyArrivals = sustained.filter((a) => a.at >= steadyFrom && a.at < steadyTo).length;
  const sustain = {
    placed: sustainPlaced,
    placedRate: sustainPlaced / sustainPlacedSeconds,
    delivered: sustained.length,
    steadyRate: steadyTo > steadyFrom ? steadyArrivals / ((steadyTo - steadyFrom) / 1000) : NaN,
    allBy: sustained.length ? (sustained.at(-1).at - sustainStart) / 1000 : NaN,
    collectedToWebhook: await collectedToWebhook(sustained),
  };

  const polls = await db.query(
    `SELECT count(*) FILTER (WHERE consecutive_failures > 0) AS failing FROM sync.collection_states`,
  );
  const duplicates = await db.query(
    `SELECT count(*) AS n FROM (SELECT connection_id, retailer_order_id FROM sync.purchases
       GROUP BY 1, 2 HAVING count(*) > 1) d`,
  );
  const uniqueDelivered = new Set(receiver.arrivals.map((a) => a.purchase.purchase_id)).size;
  // The same event sent again (same webhook-id: at-least-once delivery, e.g. a lease that ran out during a slow
  // attempt) is not a duplicate effect; two events for one purchase would be.
  const uniqueEvents = new Set(receiver.arrivals.map((a) => a.webhookId)).size;

  const stages = await pollStages(platform.platform.service('sync-service').url);
  const ms = (value) => `${(value / 1000).toFixed(2)} s`;
  process.stdout.write(
    `
== bench/sync: ${ACCOUNTS} linked sandbox accounts, ${HISTORY} historical orders each ==
poll interval ${INTERVAL_MS} ms (jitter ±20%), scheduler concurrency ${CONCURRENCY}, one sync-service process${PUSH ? ', retailer pushes on' : ''}
link:       ${ACCOUNTS} accounts in ${linkSeconds.toFixed(1)} s = ${(ACCOUNTS / linkSeconds).toFixed(1)} links/s
backfill:   ${backfill.purchases} purchases collected at ${backfill.collectedPerSecond.toFixed(1)} purchases/s, ` +
      `published (webhooks out of events-service) at ${backfill.publishedPerSecond.toFixed(1)} purchases/s
burst:      ${ACCOUNTS * BURST} new orders (${BURST} per account, placed in ${burstPlaced.toFixed(1)} s) collected at ` +
      `${burst.collectedPerSecond.toFixed(1)} purchases/s, published at ${burst.publishedPerSecond.toFixed(1)} purchases/s
paced:      ${ACCOUNTS} new orders at ${ORDER_RATE}/s over ${placedSeconds.toFixed(1)} s; ${fresh.length} delivered
latency order appears at retailer -> purchase.created received: ` +
      `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1))} (n=${latencies.length})
        collected (stored) -> purchase.created received: burst ${spread(burst.collectedToWebhook)}
                                                          paced ${spread(pacedCollectedToWebhook)}
sustained:  ${sustain.placed} new orders at ${sustain.placedRate.toFixed(0)}/s over ${sustainPlacedSeconds.toFixed(1)} s; ` +
      `${sustain.delivered} delivered, the last ${sustain.allBy.toFixed(1)} s after the first order
            webhooks received while orders kept coming (after the first poll interval): ${sustain.steadyRate.toFixed(1)} purchases/s
            collected (stored) -> purchase.created received: ${spread(sustain.collectedToWebhook)}
            ${sustainCpu}
            ${sustainWrites}
poll stages (sync-service, whole run; mean per call, calls): ${stages}
checks:     ${uniqueDelivered} unique purchases delivered, ${uniqueEvents - uniqueDelivered} duplicate webhook events ` +
      `(${receiver.arrivals.length - uniqueEvents} deliveries of an event sent again), ` +
      `${duplicates.rows[0].n} duplicate stored orders, ${polls.rows[0].failing} connections backing off
total run time ${((Date.now() - started) / 1000).toFixed(0)} s
`,
  );
} finally {
  await db.end().catch(() => undefined);
  receiver.close();
  await platform.stop();
}

// The floor (bench/floor) at the sustained phase's rate, after the platform has stopped: the ratio of one run.
if (platformCpu && !args['skip-floor']) {
  const floor = await runFloor({ rate: SUSTAIN_RATE, seconds: SUSTAIN_SECONDS, log });
  process.stdout.write(
    `${describeFloor(floor)}
platform/floor: ${platformCpu.total.toFixed(2)} ms (${platformCpu.parts}) / ${floor.cpuPerPurchase.toFixed(2)} ms ` +
      `CPU per delivered purchase = ${(platformCpu.total / floor.cpuPerPurchase).toFixed(1)}x ` +
      `(load average at the end ${floor.loadAverage.map((value) => value.toFixed(2)).join(' ')})
`,
  );
}

/**
 * The platform's ingest CPU per delivered purchase: every service, the nats-server and Postgres (this database's
 * backends and the server's own processes), without the sandboxes (the retailer and the idle others) and the bench
 * process (load generator and webhook receiver), which the floor leaves out too.
 */
function ingestCpuPerPurchase(before, after, delivered) {
  const rows = [...cpuUsed(before, after)]
    .filter(([name]) => name !== 'bench' && !name.startsWith('sandbox-'))
    .map(([name, seconds]) => [name, (seconds * 1000) / delivered])
    .sort((a, b) => b[1] - a[1]);
  return {
    total: rows.reduce((sum, [, ms]) => sum + ms, 0),
    parts: rows.map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(', '),
  };
}

/**
 * The bench database's transactions and row writes so far, in all and by table (`pg_stat_database`,
 * `pg_stat_user_tables`; Postgres flushes them about once a second).
 */
async function databaseWrites(client) {
  const { rows } = await client.query(
    `SELECT xact_commit AS commits, tup_inserted AS inserted, tup_updated AS updated, tup_deleted AS deleted
       FROM pg_stat_database WHERE datname = current_database()`,
  );
  const tables = await client.query(
    `SELECT schemaname || '.' || relname AS name, n_tup_ins + n_tup_upd + n_tup_del AS rows FROM pg_stat_user_tables`,
  );
  return {
    ...Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, Number(value)])),
    tables: new Map(tables.rows.map((row) => [row.name, Number(row.rows)])),
  };
}

/** Mean time and count per stage of a poll, from sync-service's `sync_poll_stage_seconds` histogram. */
async function pollStages(syncUrl) {
  const text = await (await fetch(`${syncUrl}/metrics`)).text();
  const of = (suffix) =>
    Object.fromEntries(
      [
        ...text.matchAll(new RegExp(`^sync_poll_stage_seconds_${suffix}\\{[^}]*stage="(\\w+)"[^}]*\\} (\\S+)$`, 'gm')),
      ].map(([, stage, value]) => [stage, Number(value)]),
    );
  const sums = of('sum');
  const counts = of('count');
  return Object.keys(counts)
    .map((stage) => `${stage} ${((1000 * sums[stage]) / counts[stage]).toFixed(1)} ms (${counts[stage]})`)
    .join(', ');
}
