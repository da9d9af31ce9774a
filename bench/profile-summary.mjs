// Prints where a V8 CPU profile (.cpuprofile) spent its samples: self time by package or folder of dist/, and
// the heaviest functions.   node bench/profile-summary.mjs FILE [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  options: { top: { type: 'string', default: '25' } },
  allowPositionals: true,
});
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const counts = new Map();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
const total = profile.samples.length;

/** node_modules/<package>, dist/<app or lib folder>, node:<builtin>, or a V8 pseudo-frame. */
function place(url) {
  if (!url) return '(native/V8)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  const dist = /dist\/((?:apps|libs)\/[^/]+(?:\/src\/[^/]+)?)/.exec(url);
  if (dist) return dist[1];
  return url.startsWith('node:') ? url.split('/')[0] : url;
}

const byPlace = new Map();
const byFunction = new Map();
for (const [id, count] of counts) {
  const { callFrame } = nodes.get(id);
  const where = place(callFrame.url);
  byPlace.set(where, (byPlace.get(where) ?? 0) + count);
  const name = `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + count);
}
const print = (title, map) => {
  console.log(title);
  for (const [name, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top))) {
    console.log(`  ${((100 * count) / total).toFixed(1).padStart(5)}%  ${name}`);
  }
};
console.log(`${total} samples`);
print('self time by place', byPlace);
print('self time by function', byFunction);
