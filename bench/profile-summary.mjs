// Summarises V8 CPU profiles (`node --cpu-prof`) written to DIR: per profile, the functions and the packages that
// took the most self time. No dependencies; for the profiles the benches write with --profile.
//
//   node bench/profile-summary.mjs DIR [--top 25]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' } },
});
const [dir] = positionals;
if (!dir) throw new Error('usage: node bench/profile-summary.mjs DIR [--top N]');
const top = Number(values.top);

/** `node_modules/<pkg>` (scoped too), `dist/<app or lib>`, node internals, or the program's own name. */
function ownerOf(url) {
  if (!url) return '(native)';
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1];
  const own = /dist\/((?:apps|libs|tools)\/[^/]+)/.exec(url);
  if (own) return own[1];
  if (url.startsWith('node:')) return 'node';
  return url;
}

for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const byFunction = new Map();
  const byOwner = new Map();
  let total = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (!count) continue;
    total += count;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') idle += count;
    const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + count);
    const owner = functionName.startsWith('(') ? functionName : ownerOf(url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + count);
  }
  const pct = (count) => `${((100 * count) / total).toFixed(1).padStart(5)}%`;
  console.log(`\n${file}: ${((total * interval) / 1e6).toFixed(1)} s sampled, ${pct(idle)} idle`);
  console.log('  by package:');
  for (const [owner, count] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`    ${pct(count)} ${owner}`);
  console.log('  by function (self):');
  for (const [name, count] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`    ${pct(count)} ${name}`);
}
