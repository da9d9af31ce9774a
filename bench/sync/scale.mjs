// Cost per poll as the number of linked accounts grows (issue 13, "cost at scale"). Run after `npm run build`:
//
//   node bench/sync/scale.mjs [--sizes 1000,10000] [--polls-per-second 20] [--seconds 60] [--history 1] [--profile DIR]
//
// For each size N it starts the whole platform (a database of its own, a private nats-server), links N sandbox
// accounts through sync-service's link-flow RPCs, spreads their next polls evenly over one poll interval chosen so
// that every size is polled at the same rate (interval = N / polls-per-second), and then measures `--seconds` of
// steady polling: sync-service's CPU per poll, the mean poll time, and what Postgres read for it (rows read by
// sequential scans and fetched by index scans of the `sync` tables, per poll). Last, the scheduler's claim
// statement under EXPLAIN (ANALYZE, BUFFERS), rolled back. It prints figures and asserts nothing. See README.md.
import { randomBytes, scryptSync } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ulid } from 'ulid';
import { CLAIM_DUE_SQL } from '../../dist/apps/sync-service/src/collection/collection-state.repository.js';
import { linkAccount, pool } from './accounts.mjs';
import { cpuPerUnit, cpuSnapshot } from './cpu.mjs';
import { sandboxAdmin, startPlatform } from './platform.mjs';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    'polls-per-second': { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    history: { type: 'string', default: '1' },
    profile: { type: 'string' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const RATE = Number(args['polls-per-second']);
const SECONDS = Number(args.seconds);
const HISTORY = Number(args.history);
const RETAILER = 'walmart';
const PASSWORD = 'bench password';
const CLAIM_LIMIT = 32;
const cpuProf = args.profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${args.profile}` } : {};

const log = (message) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A password hash in the sandbox's stored format with a small scrypt cost: the sandbox verifies with the cost a
 * hash names, so linking 10,000 accounts does not spend minutes in scrypt (which is not what is measured here).
 */
function cheapPasswordHash(password) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Sums a Prometheus metric's samples (every label set) from a /metrics text. */
function metric(text, name) {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name} `) || line.startsWith(`${name}{`))
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

async function syncFigures(syncUrl, db) {
  const text = await (await fetch(`${syncUrl}/metrics`)).text();
  const { rows } = await db.query(
    `SELECT relname, seq_scan, seq_tup_read, coalesce(idx_tup_fetch, 0) AS idx_tup_fetch
       FROM pg_stat_user_tables WHERE schemaname = 'sync'`,
  );
  const tables = Object.fromEntries(
    rows.map((row) => [row.relname, { seqScans: Number(row.seq_scan), seqRows: Number(row.seq_tup_read) }]),
  );
  const total = (key) => rows.reduce((sum, row) => sum + Number(row[key]), 0);
  return {
    at: Date.now(),
    polls: metric(text, 'sync_polls_total'),
    pollSeconds: metric(text, 'sync_poll_duration_seconds_sum'),
    cpuSeconds: metric(text, 'process_cpu_seconds_total'),
    seqScans: total('seq_scan'),
    seqRows: total('seq_tup_read'),
    idxRows: total('idx_tup_fetch'),
    tables,
  };
}

/** The tables sequential scans read rows of in the window, most rows first: `name scans/poll rows/poll`. */
function scannedTables(before, after, polls) {
  return Object.entries(after.tables)
    .map(([name, t]) => ({
      name,
      scans: (t.seqScans - (before.tables[name]?.seqScans ?? 0)) / polls,
      rows: (t.seqRows - (before.tables[name]?.seqRows ?? 0)) / polls,
    }))
    .filter((t) => t.rows > 0)
    .sort((a, b) => b.rows - a.rows)
    .map((t) => `${t.name} ${t.scans.toFixed(3)}x ${t.rows.toFixed(1)} rows`);
}

/** A statement under EXPLAIN (ANALYZE, BUFFERS), rolled back: its time, the buffers it touched and its scans. */
async function explain(db, sql, params = []) {
  await db.query('BEGIN');
  try {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
    const plan = rows[0]['QUERY PLAN'][0];
    const scans = [];
    (function walk(node) {
      if (/Scan/.test(node['Node Type']) && node['Relation Name']) {
        scans.push(
          `${node['Node Type']} on ${node['Relation Name']}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`,
        );
      }
      for (const child of node.Plans ?? []) walk(child);
    })(plan.Plan);
    return {
      ms: plan['Execution Time'],
      buffers: plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'],
      scans: [...new Set(scans)],
    };
  } finally {
    await db.query('ROLLBACK');
  }
}

/** The scheduler's claim statement, as sync-service runs it (32 rows, a 1 ms lease), rolled back. */
const explainClaim = (db) => explain(db, CLAIM_DUE_SQL, ['bench-explain', CLAIM_LIMIT, 1, []]);

/** A poll's look-up of its connection (ConnectionRepository.findOwned), for the connection linked last. */
const explainLookup = async (db) => {
  const { rows } = await db.query(`SELECT id, team_id FROM sync.connections ORDER BY created_at DESC LIMIT 1`);
  return explain(db, `SELECT * FROM sync.connections WHERE team_id = $1 AND id = $2 AND deleted_at IS NULL LIMIT 1`, [
    rows[0].team_id,
    rows[0].id,
  ]);
};

async function measure(size) {
  const intervalMs = Math.round((size / RATE) * 1000);
  log(`== ${size} accounts, poll interval ${intervalMs / 1000} s (${RATE} polls/s) ==`);
  const platform = await startPlatform({
    // What polling needs: the retailer, sync-service, and auth-server for the team.
    only: ['sandbox-retailer', 'auth-server', 'sync-service'],
    serviceEnv: {
      'sync-service': { ...cpuProf, SYNC_POLL_INTERVAL_MS: String(intervalMs), SYNC_POLL_CONCURRENCY: '32' },
      'sandbox-retailer': cpuProf,
    },
  });
  const db = new pg.Client({ connectionString: platform.databaseUrl });
  await db.connect();
  try {
    const sandbox = sandboxAdmin(platform.sandboxUrl);
    const team = await platform.createTeam('Scale Brand');
    await platform.admin.enableRetailer(team.teamId, RETAILER);

    // Accounts written straight into the sandbox's table (with the cheap hash), their histories through its admin API.
    const email = (i) => `scale-${i}@shopper.test`;
    let t = Date.now();
    const hash = cheapPasswordHash(PASSWORD);
    for (let from = 0; from < size; from += 1000) {
      const count = Math.min(1000, size - from);
      await db.query(
        `INSERT INTO sandbox.accounts (id, retailer_id, email, password_hash, password_changed_at, created_at)
         SELECT unnest($1::text[]), $2, unnest($3::text[]), $4, now(), now()`,
        [
          Array.from({ length: count }, () => ulid()),
          RETAILER,
          Array.from({ length: count }, (_, k) => email(from + k)),
          hash,
        ],
      );
    }
    if (HISTORY > 0) {
      await pool(size, 16, (i) =>
        sandbox('POST', `/admin/r/${RETAILER}/accounts/${encodeURIComponent(email(i))}/orders`, {
          count: HISTORY,
          back_date_days: 90,
        }),
      );
    }
    log(`created ${size} sandbox accounts with ${HISTORY} orders each in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    t = Date.now();
    await pool(size, 16, (i) =>
      linkAccount(platform.admin, {
        teamId: team.teamId,
        retailerId: RETAILER,
        customerId: `scale-${i}`,
        email: email(i),
        password: PASSWORD,
      }),
    );
    log(`linked ${size} accounts in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    // Every account's backfill poll done, then the next polls spread evenly over one interval.
    for (;;) {
      const { rows } = await db.query(
        `SELECT count(*)::int AS waiting FROM sync.collection_states WHERE last_polled_at IS NULL`,
      );
      if (rows[0].waiting === 0) break;
      await sleep(1000);
    }
    await db.query(
      `UPDATE sync.collection_states SET next_poll_at = now() + random() * $1 * interval '1 millisecond'`,
      [intervalMs],
    );
    const stored = (await db.query(`SELECT count(*)::int AS n FROM sync.purchases`)).rows[0].n;
    log(`backfill done (${stored} purchases stored); polls spread over ${intervalMs / 1000} s; measuring ${SECONDS} s`);
    await db.query(`VACUUM ANALYZE sync.collection_states, sync.connections, sync.purchases`);
    await sleep(5_000);

    const syncUrl = platform.platform.service('sync-service').url;
    const before = await syncFigures(syncUrl, db);
    const cpuBefore = cpuSnapshot();
    await sleep(SECONDS * 1000);
    const cpuAfter = cpuSnapshot();
    const after = await syncFigures(syncUrl, db);
    const polls = after.polls - before.polls;
    const claim = await explainClaim(db);
    const lookup = await explainLookup(db);
    return {
      size,
      pollsPerSecond: polls / ((after.at - before.at) / 1000),
      pollMs: ((after.pollSeconds - before.pollSeconds) / polls) * 1000,
      cpuMsPerPoll: ((after.cpuSeconds - before.cpuSeconds) / polls) * 1000,
      seqScansPerPoll: (after.seqScans - before.seqScans) / polls,
      seqRowsPerPoll: (after.seqRows - before.seqRows) / polls,
      idxRowsPerPoll: (after.idxRows - before.idxRows) / polls,
      scanned: scannedTables(before, after, polls),
      machine: cpuPerUnit(cpuBefore, cpuAfter, polls, (after.at - before.at) / 1000, 'poll'),
      claim,
      lookup,
    };
  } finally {
    await db.end().catch(() => undefined);
    await platform.stop();
  }
}

const results = [];
for (const size of SIZES) {
  const result = await measure(size);
  results.push(result);
  log(JSON.stringify(result));
}
const f = (value, digits = 1) => value.toFixed(digits);
process.stdout.write(`
== bench/sync/scale: cost per poll by number of linked accounts (${RATE} polls/s target, ${SECONDS} s each) ==
accounts | polls/s | poll ms (mean) | sync CPU ms/poll | sync rows read/poll: seq, index | seq scans/poll | claim statement (${CLAIM_LIMIT} rows) | connection look-up
${results
  .map(
    (r) =>
      `${String(r.size).padStart(8)} | ${f(r.pollsPerSecond).padStart(7)} | ${f(r.pollMs).padStart(14)} | ${f(r.cpuMsPerPoll, 2).padStart(16)} | ${f(r.seqRowsPerPoll)}, ${f(r.idxRowsPerPoll)} | ${f(r.seqScansPerPoll, 3)} | ${f(r.claim.ms, 2)} ms, ${r.claim.buffers} buffers, ${r.claim.scans.join(' + ')} | ${f(r.lookup.ms, 2)} ms, ${r.lookup.buffers} buffers, ${r.lookup.scans.join(' + ')}`,
  )
  .join('\n')}
machine CPU per poll, by process: ${results.map((r) => `${r.size}: ${r.machine}`).join('; ')}
sequential scans per poll, by table: ${results.map((r) => `${r.size}: ${r.scanned.join(', ') || 'none'}`).join('; ')}
load average: ${(await import('node:os'))
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ')}
`);
