// The single-node host as one file (ADR 0020): dist/host/platform.mjs holds every app's compiled code and the
// libraries they import, so `npm start` does not resolve and load about 3,800 modules one by one (that was most of
// its start). Built by tools/build.mjs from what it has just compiled, with esbuild; skipped when neither the
// compiled code, package-lock.json nor this file changed since the last bundle (the stamp file).
//
// Left outside the bundle, loaded from node_modules as before:
// - optional dependencies that are not installed: Nest's other transports and adapters, TypeORM's other drivers,
//   imported only when used;
// - packages something loads by name at run time (createRequire), so that there is one copy of each, with one
//   metadata storage: pg (TypeORM requires it), typeorm (@nestjs/typeorm requires it), class-validator and
//   class-transformer (@nestjs/mapped-types requires them to copy a DTO's rules and @Type()s), @nats-io/* (Nest's
//   NATS client requires the transport), pino and its transports (worker threads that load files next to pino's own);
// - swagger-ui-dist (its files are served from its own folder).
// Names are kept (Nest logs and TypeORM's migration names read class names).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

const EXTERNAL = [
  ...['pg', 'typeorm', 'class-validator', 'class-transformer', 'pino', 'thread-stream', 'swagger-ui-dist'].flatMap(
    (name) => [name, `${name}/*`],
  ),
  ...['pg-*', 'pino-*', '@nats-io/*'],
];

/**
 * Optional dependencies (peer or not) of the installed packages that are not installed themselves: Nest's other
 * transports and adapters, TypeORM's other drivers. They stay imports; only an app that used one would load it.
 */
async function missingOptionals(root) {
  const modules = join(root, 'node_modules');
  const names = [];
  for (const entry of await readdir(modules)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@'))
      for (const scoped of await readdir(join(modules, entry))) names.push(`${entry}/${scoped}`);
    else names.push(entry);
  }
  const missing = new Set();
  for (const name of names) {
    const manifest = JSON.parse(await readFile(join(modules, name, 'package.json'), 'utf8').catch(() => '{}'));
    const optional = [
      ...Object.entries(manifest.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta?.optional)
        .map(([dep]) => dep),
      ...Object.keys(manifest.optionalDependencies ?? {}),
    ];
    for (const dep of optional) if (!existsSync(join(modules, dep, 'package.json'))) missing.add(dep);
  }
  return [...missing].flatMap((name) => [name, `${name}/*`]);
}

/** Every app with a service definition (what the host can run), as `[name, module path relative to dist/]`. */
async function hostedApps(root) {
  const apps = [];
  for (const entry of await readdir(join(root, 'apps'), { withFileTypes: true })) {
    if (entry.isDirectory() && existsSync(join(root, 'apps', entry.name, 'src', 'service-definition.ts')))
      apps.push([entry.name, `../apps/${entry.name}/src/service-definition.js`]);
  }
  return apps.sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Bundles the host unless `fingerprint` (of the compiled code) and package-lock.json match the last bundle's.
 * Returns whether it built.
 */
export async function bundleHost(root, fingerprint) {
  const out = join(root, 'dist', 'host');
  const stampFile = join(out, 'platform.stamp');
  const stamp = createHash('sha256')
    .update(fingerprint)
    .update(await readFile(join(root, 'package-lock.json')))
    .update(await readFile(import.meta.filename)) // how it bundles
    .digest('hex');
  if (existsSync(join(out, 'platform.mjs')) && (await readFile(stampFile, 'utf8').catch(() => '')) === stamp)
    return false;
  const apps = await hostedApps(root);
  const entry = [
    "import { hostApps } from '../tools/launcher/src/host-apps.js';",
    ...apps.map(([, module], index) => `import { definition as app${index} } from '${module}';`),
    `const definitions = new Map([${apps.map(([name], index) => `['${name}', app${index}]`).join(', ')}]);`,
    'await hostApps(async (service) => {',
    '  const definition = definitions.get(service);',
    '  if (!definition) throw new Error(`${service} is not an app of the host bundle`);',
    '  return definition;',
    '});',
    '',
  ].join('\n');
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'entry.js'), entry);
  await build({
    entryPoints: [join(out, 'entry.js')],
    outfile: join(out, 'platform.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    sourcemap: 'linked',
    external: [...EXTERNAL, ...(await missingOptionals(root))],
    // CommonJS packages inside an ES module still call require (Node's built-ins, the packages left outside).
    banner: {
      js: "import { createRequire as __hostRequire } from 'node:module';\nconst require = __hostRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  await writeFile(stampFile, stamp);
  return true;
}
