// The dashboard overview on a team with a million purchases: seeds one team's connections, purchases, items and
// item matches straight into the tables (generate_series, one INSERT ... SELECT each), then times the overview's
// two figures requests as the dashboard sends them over NATS (sync.team-overview.v1, matching.team-top-products.v1)
// for ranges of 30, 90 and 365 days ending today. Prints p50/p95 per range.
//
//   npm run build && node bench/overview/bench.mjs [--purchases 1000000] [--connections 50000] [--runs 20]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { MatchingContracts, SyncContracts } from '../../dist/libs/contracts/src/index.js';
import { startPlatform } from '../sync/platform.mjs';

const { values: args } = parseArgs({
  options: {
    purchases: { type: 'string', default: '1000000' },
    connections: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '20' },
  },
});
const PURCHASES = Number(args.purchases);
const CONNECTIONS = Number(args.connections);
const RUNS = Number(args.runs);
const PRODUCTS = 500;
const RETAILERS = ['walmart', 'target', 'kroger', 'costco', 'amazon'];

const seconds = (started) => ((performance.now() - started) / 1000).toFixed(1);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

// sandbox-retailer only because startPlatform answers its URL.
const platform = await startPlatform({ only: ['auth-server', 'sync-service', 'matching-service', 'sandbox-retailer'] });
const db = new pg.Client({ connectionString: platform.databaseUrl });
await db.connect();
try {
  const { team_id: teamId } = await platform.admin.createTeam('Overview bench');
  let started = performance.now();
  // A tenth of the connections simulated (test mode), spread over the retailers; another team's rows beside them.
  await db.query(
    `INSERT INTO sync.connections (id, team_id, customer_id, retailer_id, status, is_simulated, history_window_days,
                                   first_linked_at, created_at)
     SELECT 'bc' || n, $1, 'cust_' || (n % ($2 / 2)), ($3::text[])[1 + n % 5], 'active', n % 10 = 0, 3650,
            now() - interval '400 days',
            -- simulated data is purged 30 days after it was made
            CASE WHEN n % 10 = 0 THEN now() ELSE now() - interval '400 days' END
     FROM generate_series(1, $2) n`,
    [teamId, CONNECTIONS, RETAILERS],
  );
  // Purchases over the last 400 days, each with one to three items; stored as already published (no event relay).
  await db.query(
    `INSERT INTO sync.purchases (id, team_id, connection_id, retailer_id, date, purchase_type, items_subtotal, total,
                                 is_simulated, collected_event_id)
     SELECT 'bp' || n, $1, 'bc' || c, ($3::text[])[1 + c % 5], now() - (n % 400) * interval '1 day' - (n % 86400) * interval '1 second',
            'online', (n % 9000) / 100.0 + 1, (n % 9000) / 100.0 + 1, c % 10 = 0, 'legacy:bp' || n
     FROM generate_series(1, $2) n, LATERAL (SELECT 1 + (n::bigint * 7919) % $4 AS c) conn`,
    [teamId, PURCHASES, RETAILERS, CONNECTIONS],
  );
  await db.query(
    `INSERT INTO sync.purchase_items (id, purchase_id, position, name, upc, price, quantity)
     SELECT p.id || '-' || i, p.id, i, 'Item ' || i, NULL, 1.00 + i, 1 + (i + length(p.id)) % 3
     FROM sync.purchases p, generate_series(0, 1 + (hashtext(p.id) & 1)) i WHERE p.team_id = $1`,
    [teamId],
  );
  console.log(`seeded ${PURCHASES.toLocaleString('en-US')} purchases and their items in ${seconds(started)} s`);
  started = performance.now();
  await db.query(
    `INSERT INTO matching.products (id, team_id, name, brand, upc)
     SELECT 'bprod' || n, $1, 'Product ' || n, 'Bench', lpad(n::text, 14, '0') FROM generate_series(1, $2) n`,
    [teamId, PRODUCTS],
  );
  // Two items in three match a catalog product, as matching-service stores them.
  await db.query(
    `INSERT INTO matching.item_matches (team_id, purchase_id, item_id, product_id, method, confidence, retailer_id,
                                        purchase_date, quantity, price, is_simulated)
     SELECT $1, p.id, i.id, CASE WHEN hashtext(i.id) % 3 <> 0 THEN 'bprod' || (1 + abs(hashtext(i.id)) % $2) END,
            CASE WHEN hashtext(i.id) % 3 <> 0 THEN 'gtin' ELSE 'none' END, CASE WHEN hashtext(i.id) % 3 <> 0 THEN 1 ELSE 0 END,
            p.retailer_id, p.date, i.quantity, i.price, p.is_simulated
     FROM sync.purchases p JOIN sync.purchase_items i ON i.purchase_id = p.id WHERE p.team_id = $1`,
    [teamId, PRODUCTS],
  );
  console.log(`seeded the item matches in ${seconds(started)} s`);
  started = performance.now();
  // What autovacuum does after a bulk load: statistics and the visibility map (index-only scans).
  for (const table of ['sync.connections', 'sync.purchases', 'sync.purchase_items', 'matching.item_matches']) {
    await db.query(`VACUUM ANALYZE ${table}`);
  }
  console.log(`VACUUM ANALYZE in ${seconds(started)} s`);
  const counts = await db.query(
    `SELECT (SELECT count(*) FROM sync.purchases WHERE team_id = $1)::int AS purchases,
            (SELECT count(*) FROM sync.purchases WHERE team_id = $1 AND NOT is_simulated)::int AS live,
            (SELECT count(*) FROM sync.purchase_items i JOIN sync.purchases p ON p.id = i.purchase_id
              WHERE p.team_id = $1)::int AS items`,
    [teamId],
  );
  console.log(`team: ${JSON.stringify(counts.rows[0])}`);

  const time = async (ask) => {
    for (let warm = 0; warm < 2; warm += 1) await ask();
    const took = [];
    for (let run = 0; run < RUNS; run += 1) {
      const start = performance.now();
      await ask();
      took.push(performance.now() - start);
    }
    took.sort((a, b) => a - b);
    return `p50 ${percentile(took, 50).toFixed(0)} ms, p95 ${percentile(took, 95).toFixed(0)} ms`;
  };
  console.log(`\n${RUNS} runs each (after 2 warm-ups), live mode, ranges ending today (UTC):`);
  for (const days of [30, 90, 365]) {
    const range = { teamId, from: day(days - 1), to: day(0), simulated: false };
    let overview;
    const figures = await time(async () => {
      overview = await platform.admin.request(SyncContracts.teamOverview, range);
    });
    const products = await time(() =>
      platform.admin.request(MatchingContracts.teamTopProducts, { ...range, limit: 10 }),
    );
    console.log(
      `${String(days).padStart(3)} days: sync.team-overview.v1 ${figures}` +
        ` (${overview.current.purchases.toLocaleString('en-US')} purchases + ` +
        `${overview.previous.purchases.toLocaleString('en-US')} in the previous period); ` +
        `matching.team-top-products.v1 ${products}`,
    );
  }
} finally {
  await db.end();
  await platform.stop();
}
