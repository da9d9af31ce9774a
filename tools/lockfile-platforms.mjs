// Restores package-lock.json entries for other platforms' optional native binaries (@swc/core-darwin-arm64,
// @nx/nx-win32-x64-msvc, ...). The registry mirror of our build machines serves only the binaries of their own
// platform, so `npm install` leaves those entries out and `npm ci` then refuses the lock file. Each restored entry
// carries its os/cpu/libc, so npm skips it on a platform it does not fit, as it would with a complete lock file.
// Runs as the root `postinstall` script; by hand: node tools/lockfile-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];
const OSES = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'wasi'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OSES.includes(part));
  const cpu =
    parts.find((part) => CPUS.includes(part)) ??
    (parts.includes('eabi') || parts.includes('gnueabihf') ? 'arm' : undefined);
  if (!os || !cpu) return null;
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux') entry.libc = [parts.some((part) => part.startsWith('musl')) ? 'musl' : 'glibc'];
  return entry;
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const wanted = version.replace(/^[~^=]/, '');
    const top = `node_modules/${name}`;
    const nested = `${path}/node_modules/${name}`;
    if (packages[nested] || packages[top]?.version === wanted) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    // A dependant nested in node_modules/<x>/node_modules gets its own copy when the top one is another version.
    const target = packages[top] && path ? nested : top;
    packages[target] = { version: wanted, ...platform, optional: true };
    added += 1;
  }
}
if (added === 0) process.exit(0);
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries restored`);
