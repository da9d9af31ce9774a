// Whole-platform cold start and idle memory: runs the launcher (`npm start` without its build step) on a new
// empty database, times it from spawn to its "Connected Purchases is running" line, then samples every service's
// resident memory after IDLE seconds of idling, stops it, and does the same a second time on the now-migrated
// database. With --baseline REF it first measures that git revision the same way (built in a temporary worktree),
// so before and after come from one run. Prints figures, asserts nothing.
//
//   npm run build && node bench/startup/bench.mjs [--baseline REF] [--idle 5]
//
// It uses the machine's Postgres (127.0.0.1:5432, a database of its own, dropped afterwards) and NATS
// (127.0.0.1:4222), and the launcher's default ports, so nothing else may listen on 3000-3022.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildBaseline, removeBaseline } from '../baseline.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: { baseline: { type: 'string' }, idle: { type: 'string', default: '5' } },
});
/** The Node.js `npm start` runs on: the `node` devDependency's when installed. */
const NODE = existsSync(join(ROOT, 'node_modules/.bin/node')) ? join(ROOT, 'node_modules/.bin/node') : process.execPath;
const ADMIN = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Resident memory (MB) of each process whose command line runs `<root>/dist/apps/<app>/src/main.js`, and in
 * `anon` its anonymous part (`RssAnon`: V8 heap, malloc), which is the process's own; the rest of `VmRSS` is mostly
 * pages of the node binary, shared by every process that runs it. `pss` (`/proc/<pid>/smaps_rollup`) counts each
 * shared page a share per process that maps it: what a process adds to the machine's memory.
 */
function serviceMemory(root) {
  const out = {};
  const anon = {};
  const pss = {};
  const pids = execFileSync('pgrep', ['-f', `${root}/dist/apps/`])
    .toString()
    .trim()
    .split('\n');
  for (const pid of pids) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const app = /dist\/apps\/([^/]+)\/src\/main\.js$/.exec(
        cmdline.find((part) => part.endsWith('main.js')) ?? '',
      )?.[1];
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      const rssAnon = /RssAnon:\s+(\d+) kB/.exec(status)?.[1];
      if (app && rss) out[app] = Math.round(Number(rss) / 1024);
      if (app && rssAnon) anon[app] = Math.round(Number(rssAnon) / 1024);
      const proportional = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
      if (app && proportional) pss[app] = Math.round(Number(proportional) / 1024);
    } catch {
      // gone meanwhile
    }
  }
  return { rss: out, anon, pss };
}

/** One start of the launcher of `root` on `databaseUrl`: seconds to ready, and memory after idling. */
async function startOnce(root, databaseUrl) {
  const started = performance.now();
  const child = spawn(NODE, [join(root, 'dist/tools/launcher/src/start.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NATS_URL: 'nats://127.0.0.1:4222',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  const ready = new Promise((resolveReady, reject) => {
    child.stdout.on('data', (chunk) => {
      buffered += chunk.toString();
      if (buffered.includes('Connected Purchases is running')) resolveReady();
    });
    child.on('exit', (code) => reject(new Error(`launcher exited with ${code}:\n${buffered.slice(-2000)}`)));
  });
  await ready;
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, Number(args.idle) * 1000));
  const memory = serviceMemory(root);
  child.kill('SIGINT');
  await once(child, 'exit');
  return { seconds, memory };
}

async function measure(label, root) {
  const databaseUrl = new URL(ADMIN);
  databaseUrl.pathname = `/cps_bench_startup_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS cps_bench_startup_${process.pid}`);
  try {
    const first = await startOnce(root, databaseUrl.toString());
    const second = await startOnce(root, databaseUrl.toString());
    for (const [kind, run] of [
      ['empty database', first],
      ['migrated database', second],
    ]) {
      const values = Object.values(run.memory.rss);
      const anon = Object.values(run.memory.anon);
      const pss = Object.values(run.memory.pss);
      const mean = (list) => Math.round(list.reduce((a, b) => a + b, 0) / list.length);
      const range = (list) => `${Math.min(...list)}-${Math.max(...list)} MB (mean ${mean(list)})`;
      console.log(
        `${label.padEnd(9)} ${kind.padEnd(17)} ready in ${run.seconds.toFixed(1)} s; idle RSS per service ` +
          `${range(values)}, ${values.length} processes; of which anonymous ${range(anon)}; ` +
          `PSS (shared pages shared out) ${range(pss)}`,
      );
    }
    console.log(`${label.padEnd(9)} RSS by service (second start): ${JSON.stringify(second.memory.rss)}`);
    return { first, second };
  } finally {
    await admin(`DROP DATABASE IF EXISTS cps_bench_startup_${process.pid} WITH (FORCE)`);
  }
}

if (args.baseline) {
  const dir = buildBaseline(args.baseline);
  try {
    await measure('baseline', dir);
  } finally {
    removeBaseline(dir);
  }
}
await measure('current', ROOT);
