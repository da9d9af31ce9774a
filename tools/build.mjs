// Compiles every TypeScript source of apps/, libs/ and tools/ to dist/ with swc: decorators with metadata
// (Nest DI), ESM output, and the @cps/* path aliases rewritten to relative imports.
import { readdir, mkdir, writeFile, readFile } from 'node:fs/promises';
import { join, dirname, relative, resolve } from 'node:path';
import { transformFile } from '@swc/core';
import { createHash } from 'node:crypto';
import { bundleHost } from './host-bundle.mjs';
import { openApiMetadataIsStale, writeOpenApiMetadata } from './openapi-metadata.mjs';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const out = join(root, 'dist');
const { compilerOptions } = JSON.parse(await readFile(join(root, 'tsconfig.base.json'), 'utf8'));

async function* sources(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test') yield* sources(path);
    } else if (/\.ts$/.test(entry.name) && !/\.(spec|int-spec|e2e-spec|d)\.ts$/.test(entry.name)) {
      yield path;
    }
  }
}

const aliases = Object.entries(compilerOptions.paths).map(([name, [target]]) => [name, join(root, target)]);

function rewrite(code, file) {
  return code.replace(/(from\s+|import\s*\(\s*)(['"])(@cps\/[a-z-]+)\2/g, (match, lead, quote, spec) => {
    const hit = aliases.find(([name]) => name === spec);
    if (!hit) return match;
    let rel = relative(dirname(file), hit[1]).replace(/\.ts$/, '.js');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return `${lead}${quote}${rel}${quote}`;
  });
}

const options = {
  sourceMaps: true,
  module: { type: 'es6' },
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: {
      legacyDecorator: true,
      decoratorMetadata: true,
      useDefineForClassFields: false,
    },
    keepClassNames: true,
  },
};

// The gateway's swagger plugin metadata (a source file itself) first, when a DTO is newer than it.
if (await openApiMetadataIsStale()) await writeOpenApiMetadata();

let count = 0;
const jobs = [];
const outputs = []; // [target, code]: the fingerprint of what was compiled, for the host bundle
for (const top of ['apps', 'libs', 'tools']) {
  for await (const file of sources(join(root, top))) {
    jobs.push(
      (async () => {
        const { code, map } = await transformFile(file, {
          ...options,
          filename: file,
        });
        const target = join(out, relative(root, file)).replace(/\.ts$/, '.js');
        await mkdir(dirname(target), { recursive: true });
        const output = rewrite(code, file);
        outputs.push([target, output]);
        await writeFile(target, `${output}\n//# sourceMappingURL=${target.split('/').pop()}.map`);
        if (map) await writeFile(`${target}.map`, map);
        count += 1;
      })(),
    );
  }
}
await Promise.all(jobs);
console.log(`built ${count} files into dist/`);

// The single-node host as one file (tools/host-bundle.mjs), when what it bundles changed. Not with
// CPS_HOST_BUNDLE=0, which runs the compiled modules instead: the images (one app each) build that way.
if (process.env.CPS_HOST_BUNDLE === '0') process.exit(0);
const fingerprint = createHash('sha256');
for (const [target, output] of outputs.sort(([a], [b]) => (a < b ? -1 : 1))) fingerprint.update(target).update(output);
if (await bundleHost(root, fingerprint.digest('hex'))) console.log('bundled the single-node host into dist/host/');
