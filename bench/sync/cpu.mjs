// CPU time of the processes a bench run involves, read from /proc (Linux): every service of this platform (a
// descendant of this process running `dist/apps/<name>/src/main.js`, or `platform`: the one process hosting them all
// that `npm start` runs by default), its private nats-server, the machine's
// Postgres (every `postgres` process: the bench's database is one of its databases) and this process itself (the
// load generator and the webhook receiver). Two snapshots give CPU seconds per component over a phase.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null; // gone meanwhile
  }
}

function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/**
 * CPU seconds used so far by each process of a component (service name, `platform` for the one-process host, `floor`
 * for bench/floor's pipeline, `nats-server`, `postgres`, `bench`): a map of pid to `{ name, seconds }`; `cpuUsed`
 * turns two of them into seconds per component. With `database`, Postgres backends serving other databases (other
 * work on the machine) are left out; the server's own processes (WAL writer, checkpointer, ...) are counted either
 * way.
 */
export function cpuSnapshot({ database } = {}) {
  const processes = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const info = stat(pid);
    if (info) processes.set(pid, info);
  }
  const descends = (pid) => {
    for (let at = pid, hops = 0; at > 1 && hops < 20; hops += 1) {
      if (at === process.pid) return true;
      at = processes.get(at)?.ppid ?? 0;
    }
    return false;
  };
  const totals = new Map();
  for (const [pid, info] of processes) {
    const add = (name, seconds) => totals.set(pid, { name, seconds });
    const args = cmdline(pid);
    const app = args.map((arg) => /dist\/apps\/([^/]+)\/src\/main\.js$/.exec(arg)?.[1]).find(Boolean);
    if (pid === process.pid) add('bench', info.cpuSeconds);
    else if (app && descends(pid)) add(app, info.cpuSeconds);
    // npm start's default: every app in one host process (the host bundle, or tools/launcher/src/one-process.ts).
    else if (
      args.some((arg) => /(dist\/host\/platform\.mjs|tools\/launcher\/src\/one-process\.js)$/.test(arg)) &&
      descends(pid)
    )
      add('platform', info.cpuSeconds);
    else if (args.some((arg) => arg.endsWith('bench/floor/pipeline.mjs')) && descends(pid))
      add('floor', info.cpuSeconds);
    else if (/(^|\/)nats-server$/.test(args[0] ?? '') && descends(pid)) add('nats-server', info.cpuSeconds);
    else if (/(^|\/)postgres(:|$)/.test(args[0] ?? '') && (!database || servesOnly(args[0], database)))
      add('postgres', info.cpuSeconds);
  }
  return totals;
}

/**
 * Whether a postgres process is the server's own (`postgres: walwriter`, ...) or a backend of `database`
 * (`postgres: <user> <database> <host>(<port>) <state>`).
 */
function servesOnly(title, database) {
  const words = title
    .replace(/^postgres:\s*(\S+:\s+)?/, '') // and the cluster's name, where Debian's setup gives one
    .trim()
    .split(/\s+/);
  const backend = words.length >= 3 && /\(\d+\)$|^\[local\]$/.test(words[2] ?? '');
  return !backend || words[1] === database;
}

/**
 * CPU seconds each component used between two snapshots, process by process: a process started meanwhile counts
 * whole, one that exited meanwhile (a pool's idle backend, say) counts nothing rather than minus its whole life.
 */
export function cpuUsed(before, after) {
  const used = new Map();
  for (const [pid, { name, seconds }] of after) {
    const earlier = before.get(pid);
    const spent = earlier?.name === name ? seconds - earlier.seconds : seconds;
    used.set(name, (used.get(name) ?? 0) + spent);
  }
  return used;
}

/**
 * One line per component, largest first: CPU milliseconds per unit of work between two snapshots, and the share of
 * the machine's cores over `seconds`.
 */
export function cpuPerUnit(before, after, units, seconds, unit = 'purchase') {
  const rows = [...cpuUsed(before, after)].filter(([, used]) => used > 0).sort((a, b) => b[1] - a[1]);
  const used = rows.reduce((sum, [, spent]) => sum + spent, 0);
  const capacity = cpus().length * seconds;
  const parts = rows
    .map(([name, spent]) => `${name} ${((spent * 1000) / units).toFixed(2)}`)
    .filter((part) => !part.endsWith(' 0.00'));
  return (
    `${((used * 1000) / units).toFixed(2)} ms CPU per ${unit} (${parts.join(', ')}); ` +
    `${((100 * used) / capacity).toFixed(0)}% of ${cpus().length} cores over ${seconds.toFixed(1)} s`
  );
}
