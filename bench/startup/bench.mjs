// Whole-platform cold start and idle memory, in both layouts of `npm start`: every app in one Node process (the
// default) and a process per app (`--processes`). On a new, empty database of its own it first starts the platform
// once to migrate it (timed as "empty database"), then starts it RUNS times in each layout on the migrated
// database, alternating the layouts. Each start is timed from spawning the launcher (`npm start` without its build
// step) to its "Connected Purchases is running" line (every app's /readyz is 200, the demo team and shop are set
// up), with the CPU time the launcher's process tree used until then (load-independent, unlike the wall time); after
// IDLE seconds it reads the memory of the launcher's whole process tree from /proc (VmRSS, RssAnon and
// PSS summed over the launcher and every process under it), then stops the platform with SIGINT. The load average
// is printed before and after every start. With --baseline REF it first measures that git revision (built in a
// temporary worktree) in the same layouts, so before and after come from one run. Prints figures,
// asserts nothing. `--layout modules` is the one-process layout from the compiled modules instead of the host bundle
// (CPS_HOST_BUNDLE=0), `--layout bundle-vs-modules` alternates the two.
//
//   npm run build && node bench/startup/bench.mjs [--runs 3] [--idle 5]
//                                                [--layout both|one-process|processes|modules|bundle-vs-modules]
//                                                [--port-base 3000] [--baseline REF]
//
// It uses the machine's Postgres (127.0.0.1:5432, a database of its own, dropped afterwards) and NATS
// (127.0.0.1:4222), and the launcher's ports moved to --port-base (3000: the defaults, 3000-3022 must be free).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildBaseline, removeBaseline } from '../baseline.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    baseline: { type: 'string' },
    idle: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
    layout: { type: 'string', default: 'both' },
    'port-base': { type: 'string', default: '3000' },
  },
});
/** The Node.js `npm start` runs on: the `node` devDependency's when installed. */
const NODE = existsSync(join(ROOT, 'node_modules/.bin/node')) ? join(ROOT, 'node_modules/.bin/node') : process.execPath;
const ADMIN = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `cps_bench_startup_${process.pid}`;
/** The launcher's default ports (tools/launcher/src/services.ts), moved by --port-base. */
const PORTS = {
  API_GATEWAY_PORT: 3000,
  AUTH_SERVER_PORT: 3001,
  STOREFRONT_PROXY_PORT: 3002,
  MCP_SERVER_PORT: 3003,
  DASHBOARD_PORT: 3004,
  SYNC_SERVICE_PORT: 3010,
  MATCHING_SERVICE_PORT: 3011,
  EVENTS_SERVICE_PORT: 3012,
  SANDBOX_RETAILER_PORT: 3020,
  SANDBOX_STOREFRONT_PORT: 3021,
  SANDBOX_LOYALTY_PORT: 3022,
};
const shift = Number(args['port-base']) - 3000;
const portEnv = Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [name, String(port + shift)]));

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const load = () => loadavg()[0].toFixed(1);

/** The pids of `root` and of every process under it. */
function processTree(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command in field 2 may hold spaces and parentheses: fields after its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [];
  for (const pending = [root]; pending.length;) {
    const pid = pending.pop();
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * CPU seconds the launcher's process tree has used (user + system, its live processes; `/proc/<pid>/stat` in clock
 * ticks of 1/100 s): what the start cost, whatever else the machine was doing meanwhile.
 */
function treeCpuSeconds(root) {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

/**
 * Memory of the launcher's process tree (MB): `rss` summed (the node binary's pages count once per process), of
 * which `anon` (`RssAnon`: V8 heaps, malloc, each process's own), and `pss` (each shared page shared out among the
 * processes that map it: what the tree adds to the machine's memory). `processes` counts the Node processes.
 */
function treeMemory(root) {
  const total = { rss: 0, anon: 0, pss: 0, processes: 0 };
  for (const pid of processTree(root)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
      total.rss += kb('VmRSS');
      total.anon += kb('RssAnon');
      total.pss += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      if (/^Name:\s+node/m.test(status)) total.processes += 1;
    } catch {
      // gone meanwhile
    }
  }
  for (const key of ['rss', 'anon', 'pss']) total[key] = Math.round(total[key] / 1024);
  return total;
}

/** One start of the launcher of `root`: seconds to the banner, memory after idling, load before and after. */
async function startOnce(root, layout) {
  const loadBefore = load();
  const started = performance.now();
  const child = spawn(
    NODE,
    [join(root, 'dist/tools/launcher/src/start.js'), ...(layout === 'processes' ? ['--processes'] : [])],
    {
      cwd: root,
      env: {
        ...process.env,
        ...(layout === 'modules' ? { CPS_HOST_BUNDLE: '0' } : {}),
        ...portEnv,
        DATABASE_URL: new URL(`/${DATABASE}`, ADMIN).toString(),
        NATS_URL: 'nats://127.0.0.1:4222',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
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
  const cpuSeconds = treeCpuSeconds(child.pid);
  await new Promise((r) => setTimeout(r, Number(args.idle) * 1000));
  const memory = treeMemory(child.pid);
  child.kill('SIGINT');
  await once(child, 'exit');
  return { seconds, cpuSeconds, memory, load: `${loadBefore} -> ${load()}` };
}

function report(label, run) {
  const { rss, anon, pss, processes } = run.memory;
  console.log(
    `${label.padEnd(42)} ready in ${run.seconds.toFixed(1).padStart(5)} s (CPU ${run.cpuSeconds.toFixed(1)} s); ` +
      `${String(processes).padStart(2)} Node ` +
      `processes, RSS ${rss} MB (anonymous ${anon}, PSS ${pss}); load average ${run.load}`,
  );
}

const layouts = { both: ['one-process', 'processes'], 'bundle-vs-modules': ['one-process', 'modules'] }[
  args.layout
] ?? [args.layout];

async function measure(label, root, measured) {
  await admin(`DROP DATABASE IF EXISTS ${DATABASE}`);
  try {
    report(`${label} ${measured[0]}, empty database`, await startOnce(root, measured[0]));
    const runs = Object.fromEntries(measured.map((layout) => [layout, []]));
    for (let round = 1; round <= Number(args.runs); round += 1) {
      for (const layout of measured) {
        const run = await startOnce(root, layout);
        runs[layout].push(run);
        report(`${label} ${layout}, migrated, run ${round}`, run);
      }
    }
    for (const layout of measured) {
      const list = runs[layout];
      const range = (pick) => `${Math.min(...list.map(pick))}-${Math.max(...list.map(pick))}`;
      console.log(
        `${label} ${layout}: ready in ${range((run) => Number(run.seconds.toFixed(1)))} s (CPU ` +
          `${range((run) => Number(run.cpuSeconds.toFixed(1)))} s), RSS ` +
          `${range((run) => run.memory.rss)} MB, PSS ${range((run) => run.memory.pss)} MB over ${list.length} runs`,
      );
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

console.log(
  `Node ${execFileSync(NODE, ['--version']).toString().trim()}; load average before: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}`,
);
if (args.baseline) {
  const dir = buildBaseline(args.baseline);
  try {
    await measure('baseline', dir, args.layout === 'bundle-vs-modules' ? ['one-process'] : layouts);
  } finally {
    removeBaseline(dir);
  }
}
await measure('current', ROOT, layouts);
console.log(
  `load average after: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}`,
);
