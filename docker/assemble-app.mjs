// Copies what one app's container image runs: the compiled files reachable from dist/apps/<app>/src/main.js
// (the app and the libs it imports, with their source maps), apps/<app>/public when the app has one (files it
// serves as they are), package.json and package-lock.json (for `npm ci --omit=dev`) and dist/main.js, the
// image's fixed entry point. Fails when the app imports a package that is not a production dependency, since
// the image would not have it.
//
//   node docker/assemble-app.mjs <app> <out-dir> [--root <repo>]
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

export function assembleApp(root, app, out) {
  const entry = join(root, 'dist', 'apps', app, 'src', 'main.js');
  if (!existsSync(entry)) throw new Error(`${relative(root, entry)} does not exist: run npm run build first`);
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const production = new Set(Object.keys(manifest.dependencies ?? {}));
  const builtins = new Set(builtinModules);

  const files = new Set();
  const packages = new Set();
  const pending = [entry];
  // Static `from '...'`, dynamic `import('...')` and side-effect `import '...'` specifiers of swc's ESM output.
  const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)(['"])([^'"\s]+)\1/gm;
  while (pending.length) {
    const file = pending.pop();
    if (files.has(file)) continue;
    files.add(file);
    for (const [, , specifier] of readFileSync(file, 'utf8').matchAll(specifiers)) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        if (!existsSync(target)) throw new Error(`${relative(root, file)} imports ${specifier}, which is not built`);
        pending.push(target);
      } else if (!specifier.startsWith('node:') && !builtins.has(specifier)) {
        const parts = specifier.split('/');
        packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
      }
    }
  }
  const missing = [...packages].filter((name) => !production.has(name));
  if (missing.length) {
    throw new Error(
      `${app} imports ${missing.join(', ')}, not in package.json "dependencies" (the image omits dev ones)`,
    );
  }

  rmSync(out, { recursive: true, force: true });
  for (const file of files) {
    const target = join(out, relative(root, file));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
    if (existsSync(`${file}.map`)) copyFileSync(`${file}.map`, `${target}.map`);
  }
  // Plain files an app serves as they are (sandbox-storefront's theme assets), at the same place relative to dist/.
  const assets = join('apps', app, 'public');
  if (existsSync(join(root, assets))) cpSync(join(root, assets), join(out, assets), { recursive: true });
  copyFileSync(join(root, 'package.json'), join(out, 'package.json'));
  copyFileSync(join(root, 'package-lock.json'), join(out, 'package-lock.json'));
  // ENTRYPOINT cannot expand ARG APP, so every image runs dist/main.js; Node follows the link to the real file,
  // whose relative imports then resolve as in the repository.
  symlinkSync(join('apps', app, 'src', 'main.js'), join(out, 'dist', 'main.js'));
  return { files: [...files].map((file) => relative(root, file)), packages: [...packages].sort() };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const [app, out] = process.argv.slice(2);
  const rootFlag = process.argv.indexOf('--root');
  const root = rootFlag > 0 ? resolve(process.argv[rootFlag + 1]) : resolve(import.meta.dirname, '..');
  if (!app || !out) {
    console.error('usage: node docker/assemble-app.mjs <app> <out-dir> [--root <repo>]');
    process.exit(64);
  }
  try {
    const { files, packages } = assembleApp(root, app, resolve(out));
    console.log(`${app}: ${files.length} files, packages: ${packages.join(' ')}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
