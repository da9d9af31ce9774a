// Read-path throughput of the REST API: GET /purchases?limit=50 (API key + connection token) and
// GET /connections/{id} (API key), under C concurrent keep-alive clients for D seconds each.
// With --baseline REF it also builds that git revision in a temporary worktree and measures it in the
// same run, one platform after the other on the same machine, and prints the ratio.
// "bare" is the machine's ceiling: a single-process Fastify + pg handler (bare-server.mjs) doing the same key check,
// token check and query on the same data, measured in the same run; "vs bare" prints the platform's ratio to it.
//
// "current" runs with RPC_CHECK_REPLIES=false (the production default), "checked" with replies checked against
// their contracts (the development and test default).
//
//   npm run build && node bench/read/bench.mjs [--baseline REF] [--duration 15] [--concurrency 32] [--purchases 200]
//     [--only current] [--skip-checked] [--profile DIR]   (--profile: CPU profiles of gateway, sync-service and auth-server in the
//                                         "current" run, summarised by `node bench/profile-summary.mjs DIR`)
//   node bench/read/bench.mjs --as-started [--baseline REF] [--rounds 2] [--concurrency 64] [--profile DIR]
//     [--endpoint purchases|connection]  (one of the two requests only) [--hop]
//     --hop: also the bare handler with the page read behind one NATS request/reply (bare-server.mjs), the hop the
//     platform keeps between gateway and sync-service; its ratio to the bare handler is what that hop alone costs
//     the platform as `npm start` starts it (as-started.mjs: the launcher, development mode, LOG_LEVEL=warn, rate
//     limit raised), then the bare handler on its database, `rounds` times (with --baseline: REF's launcher and
//     this build's in turn, A B B A ...); --profile: CPU profiles of every process it starts (bench/cpu-profile.mjs)
import { generateKeyPairSync } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Agent, request } from 'undici';
import { buildBaseline, removeBaseline } from '../baseline.mjs';
import { cpuPerUnit, cpuSnapshot } from '../sync/cpu.mjs';
import { ROOT, startPlatform } from '../sync/platform.mjs';
import { startAsUserDoes } from './as-started.mjs';
import { startBareServer } from './bare-server.mjs';

const { values: args } = parseArgs({
  options: {
    baseline: { type: 'string' },
    duration: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '32' },
    purchases: { type: 'string', default: '200' },
    profile: { type: 'string' },
    only: { type: 'string' },
    'skip-checked': { type: 'boolean', default: false },
    'as-started': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
    endpoint: { type: 'string' },
    hop: { type: 'boolean', default: false },
  },
});
const durationMs = Number(args.duration) * 1000;
const concurrency = Number(args.concurrency);

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function seed(platform, purchases, apiKey) {
  apiKey ??= (await platform.createTeam(`bench-read-${Date.now()}`)).apiKey;
  const created = await platform.api('/simulated-connections', {
    method: 'POST',
    apiKey,
    body: { retailer_id: 'walmart', include_purchases: false },
  });
  if (created.status !== 201)
    throw new Error(`simulated connection: ${created.status} ${JSON.stringify(created.body)}`);
  const connectionId = created.body.connection_id;
  for (let i = 0; i < purchases; i += 1) {
    const made = await platform.api(`/simulated-connections/${connectionId}/purchases`, { method: 'POST', apiKey });
    if (made.status !== 201) throw new Error(`simulated purchase: ${made.status} ${JSON.stringify(made.body)}`);
  }
  const token = await platform.api(`/connections/${connectionId}/token`, {
    method: 'POST',
    apiKey,
    body: { scope: 'access' },
  });
  if (token.status !== 200) throw new Error(`connection token: ${token.status}`);
  return { apiKey, connectionId, connectionToken: token.body.connection_token };
}

/** Transactions committed in `db`'s database so far (Postgres flushes the count about once a second). */
async function commits(db) {
  const { rows } = await db.query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0].xact_commit);
}

/**
 * C workers, each sending requests back to back on keep-alive connections, for durationMs; with the CPU each
 * process spent per request, and the Postgres transactions per request (`db`: a client of the platform's database).
 */
async function load(url, headers, db) {
  const dispatcher = new Agent({ connections: concurrency, pipelining: 1, keepAliveTimeout: 30_000 });
  const latencies = [];
  let errors = 0;
  const warmUntil = Date.now() + 2_000;
  let start = 0;
  let cpuBefore;
  let commitsBefore;
  const end = Date.now() + 2_000 + durationMs;
  async function worker() {
    while (Date.now() < end) {
      const t0 = performance.now();
      const response = await request(url, { headers, dispatcher });
      await response.body.arrayBuffer();
      const elapsed = performance.now() - t0;
      if (Date.now() < warmUntil) continue;
      if (start === 0) {
        start = Date.now();
        cpuBefore = cpuSnapshot({ database: db.database });
        commitsBefore = commits(db);
      }
      if (response.statusCode !== 200) errors += 1;
      latencies.push(elapsed);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (Date.now() - start) / 1000;
  const cpu = cpuPerUnit(cpuBefore, cpuSnapshot({ database: db.database }), latencies.length, seconds, 'request');
  await dispatcher.close();
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // the statistics collector's flush
  const transactions = (await commits(db)) - (await commitsBefore);
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    n: latencies.length,
    errors,
    cpu,
    transactions: transactions / latencies.length,
  };
}

function report(label, results) {
  for (const [path, r] of Object.entries(results)) {
    console.log(
      `${label.padEnd(10)} ${path.padEnd(26)} ${r.rps.toFixed(0).padStart(6)} req/s  ` +
        `p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (n=${r.n}, non-200=${r.errors})\n` +
        `${''.padEnd(11)}${r.cpu}; ${r.transactions.toFixed(2)} Postgres transactions per request`,
    );
  }
}

/** The two requests against `baseUrl` (the gateway, or the bare server); `--endpoint purchases|connection`: one. */
async function loadBoth(baseUrl, seeded, db) {
  const only = args.endpoint;
  return {
    ...(only !== 'connection' && {
      'GET /purchases?limit=50': await load(
        `${baseUrl}/purchases?limit=50`,
        {
          'x-api-key': seeded.apiKey,
          authorization: `Bearer ${seeded.connectionToken}`,
        },
        db,
      ),
    }),
    ...(only !== 'purchases' && {
      'GET /connections/{id}': await load(
        `${baseUrl}/connections/${seeded.connectionId}`,
        {
          'x-api-key': seeded.apiKey,
        },
        db,
      ),
    }),
  };
}

/** The bare Fastify + pg handler on the same database and data as the platform just measured. */
let bare;
/** The connection-token key of every platform of this run, so the bare handler can verify its tokens too. */
const CONNECTION_TOKEN_PRIVATE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

async function measure(label, root, env = {}, { withBare = false } = {}) {
  // A baseline's services run under this build's launcher, which waits longer for a busy machine to start them
  // (bench/sync/platform.mjs); the baseline must have the same services.
  const start = (options) => startPlatform({ ...options, root });
  // The rate limit is abuse protection, not what is measured here.
  const profiled = args.profile && label === 'current';
  const cpuProf = { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${args.profile}` };
  const platform = await start({
    env: { RATE_LIMIT_PER_MINUTE: '1000000', CONNECTION_TOKEN_PRIVATE_KEY, ...env },
    serviceEnv: profiled ? { 'api-gateway': cpuProf, 'sync-service': cpuProf, 'auth-server': cpuProf } : {},
  });
  try {
    const seeded = await seed(platform, Number(args.purchases));
    const db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
    try {
      const results = await loadBoth(platform.gatewayUrl, seeded, db);
      report(label, results);
      if (withBare) {
        const server = await startBareServer({
          databaseUrl: platform.databaseUrl,
          baseUrl: platform.gatewayUrl,
          privateKeyPem: CONNECTION_TOKEN_PRIVATE_KEY,
        });
        try {
          bare = await loadBoth(server.url, seeded, db);
          report('bare', bare);
        } finally {
          await server.stop();
        }
      }
      return results;
    } finally {
      await db.end();
    }
  } finally {
    await platform.stop();
  }
}

/**
 * `npm start`'s platform (as-started.mjs) and the bare handler on its database: `--rounds` starts of each build
 * (with `--baseline REF`: REF's launcher and this one's, alternated), each measured and then its bare handler.
 */
async function measureAsStarted(builds) {
  const profileEnv = args.profile
    ? { NODE_OPTIONS: `--import ${ROOT}/bench/cpu-profile.mjs`, CPU_PROFILE_DIR: args.profile }
    : {};
  const ratios = [];
  for (let round = 1; round <= Number(args.rounds); round += 1) {
    const order = round % 2 === 1 ? builds : [...builds].reverse();
    for (const [label, root] of order) {
      const platform = await startAsUserDoes({
        root,
        env: { RATE_LIMIT_PER_MINUTE: '1000000', CONNECTION_TOKEN_PRIVATE_KEY, ...profileEnv },
      });
      try {
        const seeded = await seed(platform, Number(args.purchases), platform.demoApiKey);
        const db = new pg.Client({ connectionString: platform.databaseUrl });
        await db.connect();
        const server = await startBareServer({
          databaseUrl: platform.databaseUrl,
          baseUrl: platform.publicUrl,
          privateKeyPem: CONNECTION_TOKEN_PRIVATE_KEY,
        });
        try {
          console.log(`round ${round}, ${label}: ${loadAverage()}`);
          const started = await loadBoth(platform.gatewayUrl, seeded, db);
          report(label, started);
          const bareRound = await loadBoth(server.url, seeded, db);
          report('bare', bareRound);
          ratios.push([`round ${round} ${label}`, started, bareRound]);
          if (args.hop) {
            const hopServer = await startBareServer({
              databaseUrl: platform.databaseUrl,
              natsUrl: platform.natsUrl,
              baseUrl: platform.publicUrl,
              privateKeyPem: CONNECTION_TOKEN_PRIVATE_KEY,
            });
            try {
              const hopRound = await loadBoth(hopServer.url, seeded, db);
              report('bare+hop', hopRound);
              ratios.push([`round ${round} bare+hop`, hopRound, bareRound]);
            } finally {
              await hopServer.stop();
            }
          }
        } finally {
          await server.stop();
          await db.end();
        }
      } finally {
        await platform.stop();
      }
    }
  }
  for (const [name, started, bareRound] of ratios) {
    for (const path of Object.keys(started)) {
      console.log(
        `vs bare    ${name.padEnd(16)} ${path.padEnd(26)} throughput ${(started[path].rps / bareRound[path].rps).toFixed(2)}x ` +
          `the bare handler's, p99 ${(started[path].p99 / bareRound[path].p99).toFixed(2)}x its p99`,
      );
    }
  }
  console.log(`end: ${loadAverage()}`);
}

function loadAverage() {
  return `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;
}

console.log(
  `concurrency ${concurrency}, ${args.duration} s per endpoint after 2 s warm-up, ${args.purchases} purchases; ${loadAverage()}`,
);
if (args['as-started']) {
  const dir = args.baseline ? buildBaseline(args.baseline) : undefined;
  try {
    await measureAsStarted([...(dir ? [[`npm start ${args.baseline}`, dir]] : []), ['npm start', ROOT]]);
  } finally {
    if (dir) removeBaseline(dir);
  }
  process.exit(0);
}
let baseline;
if (args.baseline) {
  const dir = buildBaseline(args.baseline);
  try {
    baseline = await measure('baseline', dir);
  } finally {
    removeBaseline(dir);
  }
}
// The platform runs in development mode here; replies are checked against their contracts there and in tests,
// not in production (RPC_CHECK_REPLIES), so both are measured.
const runs = {
  current: await measure('current', ROOT, { RPC_CHECK_REPLIES: 'false' }, { withBare: !args.only }),
};
if (!args.only && !args['skip-checked']) runs.checked = await measure('checked', ROOT, { RPC_CHECK_REPLIES: 'true' });
for (const [label, current] of Object.entries(bare ? runs : {})) {
  for (const path of Object.keys(current)) {
    console.log(
      `vs bare    ${label.padEnd(8)} ${path.padEnd(26)} throughput ${(current[path].rps / bare[path].rps).toFixed(2)}x ` +
        `the bare handler's, p99 ${(current[path].p99 / bare[path].p99).toFixed(2)}x its p99`,
    );
  }
}
if (baseline) {
  for (const [label, current] of Object.entries(runs)) {
    for (const path of Object.keys(current)) {
      const ratio = current[path].rps / baseline[path].rps;
      console.log(
        `ratio      ${label.padEnd(8)} ${path.padEnd(26)} throughput ${ratio.toFixed(2)}x baseline, ` +
          `p99 ${current[path].p99.toFixed(1)} vs ${baseline[path].p99.toFixed(1)} ms`,
      );
    }
  }
}
