// Refresh-grant throughput and latency of auth-server (issue 13: 20 parallel chains, >= 600/s, p99 < 50 ms).
// Starts what it needs itself: a database of its own on the machine's Postgres, a private nats-server and
// auth-server from dist/ (nothing else is on the refresh path). Each installation refreshes in a chain (always the
// newest token, as clients must); the installations run in parallel on keep-alive connections. With --baseline REF
// it also builds that git revision in a temporary worktree and runs it beside this build; the two take turns,
// ROUNDS load phases of D seconds each, so the other work of a shared machine falls on both alike. Prints each
// phase, each build's total and the ratio; asserts nothing.
//
//   node tools/build.mjs && node bench/oauth/refresh-grant.mjs [--baseline REF] [--rounds 4] [--duration 8]
//     [--installations 20] [--profile DIR]
//
// --profile DIR profiles auth-server (bench/cpu-profile.mjs, as `--cpu-prof` would) and writes the CPU profiles under
// DIR/<build>/ (Chrome DevTools or speedscope open them). BENCH_LOGS=1 prints auth-server's log. Needs what the
// integration tests need: Postgres on 127.0.0.1:5432 (TEST_DATABASE_ADMIN_URL) and nats-server installed.
import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { buildBaseline, removeBaseline } from '../baseline.mjs';
import { ROOT, startInfrastructure } from '../sync/platform.mjs';

const { values: args } = parseArgs({
  options: {
    baseline: { type: 'string' },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '4' },
    installations: { type: 'string', default: '20' },
    profile: { type: 'string' },
  },
});
const durationMs = Number(args.duration) * 1000;
const ROUNDS = Number(args.rounds);
const INSTALLATIONS = Math.min(Number(args.installations), 200);
const REDIRECT_URI = 'http://127.0.0.1:9/bench-callback';
/** The `resource` of the grants, auth-server's PUBLIC_BASE_URL; never called. */
const BASE_URL = 'http://127.0.0.1:9';
const logs = process.env.BENCH_LOGS === '1';
const WARM_UP_MS = 5_000;

/** auth-server of the build at `root`, alone, on a database and nats-server of its own. */
async function startAuthServer(root, label) {
  const load = (path) => import(pathToFileURL(join(root, 'dist', path)).href);
  const tools = await load('tools/index.js');
  const { freePort } = await load('libs/testing/src/free-port.js');
  const infrastructure = await startInfrastructure({ ...tools, freePort });
  const { AdminClient, Platform, SERVICES } = tools;
  const port = await freePort();
  let nodeOptions = process.env.BENCH_NODE_OPTIONS ?? '';
  // Node 20 refuses --cpu-prof in NODE_OPTIONS; a preload does the same (the current build's, for both builds).
  if (args.profile) nodeOptions = `${nodeOptions} --import ${join(ROOT, 'bench/cpu-profile.mjs')}`.trim();
  const platform = new Platform({
    root,
    services: SERVICES.filter((spec) => spec.name === 'auth-server'),
    ports: { 'auth-server': port },
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: logs ? 'info' : 'warn',
      DATABASE_URL: infrastructure.databaseUrl,
      NATS_URL: infrastructure.natsUrl,
      AUTH_ISSUER: `http://127.0.0.1:${port}`,
      PUBLIC_BASE_URL: BASE_URL,
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
      ...(args.profile ? { CPU_PROFILE_DIR: resolve(args.profile, label) } : {}),
    },
    onLog: logs ? (service, line) => process.stdout.write(`${service}: ${line}\n`) : undefined,
  });
  let admin;
  const stop = async () => {
    await admin?.close().catch(() => undefined);
    await platform.stop();
    await infrastructure.stop();
  };
  try {
    await platform.migrate();
    await platform.start();
    AdminClient.quiet(); // no Nest connection-status lines among the figures
    admin = await AdminClient.connect(infrastructure.natsUrl, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { label, url: platform.service('auth-server').url, admin, stop, vacuumNow: infrastructure.vacuumNow };
}

/** The browser part of the flow, over plain HTTP with a cookie jar; returns the code and the PKCE verifier. */
async function authorize(authUrl, clientId, user) {
  const cookies = new Map();
  const send = async (url, init = {}) => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url.startsWith('/') ? `${authUrl}${url}` : url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { location: response.headers.get('location'), body: await response.text() };
  };
  const follow = async (step) => {
    while (step.location && !step.location.startsWith(REDIRECT_URI)) step = await send(step.location);
    return step;
  };
  const post = (action, form) =>
    send(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  const field = (body, name) => new RegExp(`name="${name}" value="([^"]+)"`).exec(body)?.[1];
  const action = (body) => /<form method="post" action="([^"]+)"/.exec(body)?.[1];

  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${authUrl}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    resource: BASE_URL,
    state: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  let step = await follow(await send(url.toString()));
  if (!action(step.body)) throw new Error(`no sign-in page: ${step.body.slice(0, 200)}`);
  step = await follow(await post(action(step.body), { csrf: field(step.body, 'csrf'), ...user }));
  step = await follow(
    await post(action(step.body), {
      csrf: field(step.body, 'csrf'),
      team: field(step.body, 'team'),
      decision: 'allow',
    }),
  );
  return { code: new URL(step.location).searchParams.get('code'), verifier };
}

async function token(authUrl, dispatcher, basic, form) {
  const started = performance.now();
  const response = await request(`${authUrl}/oauth/token`, {
    method: 'POST',
    dispatcher,
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const body = await response.body.json();
  return { status: response.statusCode, body, ms: performance.now() - started };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** One partner app, INSTALLATIONS teams that authorize it; returns the app's Basic header and first tokens. */
async function seed(server, dispatcher) {
  const { team_id: owner } = await server.admin.createTeam('bench partner');
  const app = await server.admin.createPartnerApp(owner, 'Bench App', [REDIRECT_URI]);
  const basic = `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString('base64')}`;
  const chains = [];
  for (let i = 0; i < INSTALLATIONS; i += 1) {
    const { team_id } = await server.admin.createTeam(`bench brand ${i}`);
    const user = { email: `bench-${i}@bench.test`, password: 'bench password 1' };
    await server.admin.createUser(user.email, user.password, [team_id]);
    const { code, verifier } = await authorize(server.url, app.client_id, user);
    const exchanged = await token(server.url, dispatcher, basic, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    if (exchanged.status !== 200) throw new Error(`code exchange failed: ${JSON.stringify(exchanged.body)}`);
    chains.push({ token: exchanged.body.refresh_token, failed: false });
  }
  return { basic, chains };
}

/**
 * Every chain refreshes back to back for `ms` (each answer is counted when `record`); a chain whose refresh fails
 * stops for good (its token may be revoked now).
 */
async function load(server, seeded, ms, record) {
  const latencies = [];
  let failures = 0;
  const end = performance.now() + ms;
  await Promise.all(
    seeded.chains.map(async (chain) => {
      while (!chain.failed && performance.now() < end) {
        const answer = await token(server.url, seeded.dispatcher, seeded.basic, {
          grant_type: 'refresh_token',
          refresh_token: chain.token,
        }).catch((error) => ({ status: 0, body: { error: String(error) }, ms: 0 }));
        if (answer.status !== 200) {
          chain.failed = true;
          failures += 1;
          console.log(`  ${server.label} failure: ${answer.status} ${JSON.stringify(answer.body)}`);
          return;
        }
        if (record) latencies.push(answer.ms);
        chain.token = answer.body.refresh_token;
      }
    }),
  );
  return { latencies, failures, seconds: ms / 1000 };
}

/** Throughput and latency of one or more load phases of one build. */
function summary(phases) {
  const latencies = phases.flatMap((phase) => phase.latencies).sort((a, b) => a - b);
  const seconds = phases.reduce((sum, phase) => sum + phase.seconds, 0);
  return {
    rps: latencies.length / seconds,
    n: latencies.length,
    failures: phases.reduce((sum, phase) => sum + phase.failures, 0),
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
  };
}

function report(label, result, note = '') {
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(18)} ${result.rps.toFixed(0).padStart(5)} refreshes/s  p50 ${fmt(result.p50)}  ` +
      `p90 ${fmt(result.p90)}  p99 ${fmt(result.p99)}  max ${fmt(result.max)}  ` +
      `(n=${result.n}, failures=${result.failures}${note})`,
  );
}

console.log(
  `refresh_token grant: ${INSTALLATIONS} parallel chains; ${ROUNDS} rounds of ${args.duration} s per build, the ` +
    `builds taking turns, after a ${WARM_UP_MS / 1000} s warm-up each and autovacuum's turn; auth-server alone (development mode, LOG_LEVEL ${logs ? 'info' : 'warn'})`,
);
const baselineDir = args.baseline ? buildBaseline(args.baseline) : undefined;
const servers = [];
try {
  const builds = baselineDir ? [['baseline', baselineDir]] : [];
  builds.push(['current', ROOT]);
  for (const [label, root] of builds) {
    const server = await startAuthServer(root, label);
    servers.push(server);
    const dispatcher = new Agent({ connections: INSTALLATIONS, keepAliveTimeout: 30_000 });
    server.seeded = { dispatcher, ...(await seed(server, dispatcher)) };
    server.phases = [];
    await load(server, server.seeded, WARM_UP_MS, false);
    // The warm-up wrote thousands of rows to a new database; autovacuum analyzes them at its next naptime, and a
    // deployment's ledger has long been analyzed: measuring before that measures plans no running server has.
    await server.vacuumNow();
  }
  // Taking turns spreads the other work of a shared machine over both builds alike.
  for (let round = 1; round <= ROUNDS; round += 1) {
    // ABBA: neither build always goes first.
    for (const server of round % 2 ? servers : [...servers].reverse()) {
      const load1 = loadavg()[0];
      const phase = await load(server, server.seeded, durationMs, true);
      server.phases.push(phase);
      report(`${server.label} round ${round}`, summary([phase]), `, load average ${load1.toFixed(1)} before`);
    }
  }
  for (const server of servers) report(`${server.label} all`, summary(server.phases));
  if (servers.length === 2) {
    const [baseline, current] = servers.map((server) => summary(server.phases));
    console.log(
      `ratio              throughput ${(current.rps / baseline.rps).toFixed(2)}x baseline, ` +
        `p99 ${current.p99.toFixed(1)} vs ${baseline.p99.toFixed(1)} ms`,
    );
  }
} finally {
  for (const server of servers) {
    await server.seeded?.dispatcher.close();
    await server.stop();
  }
  if (baselineDir) removeBaseline(baselineDir);
}
process.exit();
