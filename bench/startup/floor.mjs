// The memory and start-up floor under every service: what a Node.js process holds, and how long it takes, having
// only imported the libraries every service runs on, before any of the platform's own code. For each set below it
// starts a fresh process that imports the set, makes the same last-resort collection the services make after start
// (`shrinkHeap`, libs/platform), idles 2 s, and prints its resident memory (`VmRSS`, its anonymous and file-backed
// parts), the V8 heap in use, and the CPU time the imports took. Prints figures, asserts nothing.
//
//   npm run build && node bench/startup/floor.mjs [--runs 3]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
/** The Node.js `npm start` runs on: the `node` devDependency's when installed. */
const NODE = existsSync(join(ROOT, 'node_modules/.bin/node')) ? join(ROOT, 'node_modules/.bin/node') : process.execPath;

/** The packages the project is specified with (docs: "not optional"), and what they need to run. */
const SPECIFIED = [
  'reflect-metadata',
  'rxjs',
  '@nestjs/common',
  '@nestjs/core',
  '@nestjs/microservices',
  '@nestjs/typeorm',
  'typeorm',
  'pg',
  '@nats-io/transport-node',
  '@nats-io/jetstream',
  'class-validator',
  'class-transformer',
];
/** What every service adds for its HTTP surface, health, metrics and logs. */
const SERVING = ['@nestjs/platform-express', '@nestjs/terminus', 'prom-client', 'pino', 'nestjs-pino'];

const SETS = [
  ['bare Node.js', []],
  ['the specified packages', SPECIFIED],
  ['+ HTTP, health, metrics, logs', [...SPECIFIED, ...SERVING]],
  [
    "+ the platform's libraries (libs/*)",
    [
      ...SPECIFIED,
      ...SERVING,
      ...['platform', 'contracts', 'domain'].map((lib) => `${ROOT}/dist/libs/${lib}/src/index.js`),
    ],
  ],
];

const CHILD = `
import { readFileSync } from 'node:fs';
import { shrinkHeap } from ${JSON.stringify(`${ROOT}/dist/libs/platform/src/startup-memory.js`)};
const started = process.cpuUsage();
for (const name of JSON.parse(process.argv[1])) await import(name);
const cpu = process.cpuUsage(started);
setTimeout(() => {
  shrinkHeap();
  setTimeout(() => {
    const kb = (key) => Number(new RegExp('^' + key + ':\\\\s+(\\\\d+)', 'm').exec(readFileSync('/proc/self/status', 'utf8'))[1]);
    console.log(JSON.stringify({ rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile'),
      heap: process.memoryUsage().heapUsed, cpuMs: (cpu.user + cpu.system) / 1000 }));
  }, 2_000);
}, 200);
`;

const mb = (kb) => (kb / 1024).toFixed(0);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`Node ${execFileSync(NODE, ['--version']).toString().trim()}, ${args.runs} runs per set (median)`);
for (const [label, modules] of SETS) {
  const runs = [];
  for (let run = 0; run < Number(args.runs); run += 1) {
    const out = execFileSync(NODE, ['--input-type=module', '-e', CHILD, JSON.stringify(modules)], { cwd: ROOT });
    runs.push(JSON.parse(out.toString()));
  }
  const pick = (key) => median(runs.map((run) => run[key]));
  console.log(
    `${label.padEnd(38)} RSS ${mb(pick('rss'))} MB (anonymous ${mb(pick('anon'))}, file-backed ${mb(pick('file'))}),` +
      ` V8 heap in use ${(pick('heap') / 1048576).toFixed(0)} MB, imports ${pick('cpuMs').toFixed(0)} ms of CPU`,
  );
}
