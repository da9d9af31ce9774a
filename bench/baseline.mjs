// An older build to measure in the same run as this one (`--baseline REF` of the benches).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './sync/platform.mjs';

/**
 * Builds REF in a throw-away git worktree and returns its root. Its node_modules is this checkout's (a link)
 * when REF has the same package-lock.json, else its own `npm ci`.
 */
export function buildBaseline(ref) {
  const dir = mkdtempSync(join(tmpdir(), 'cps-bench-baseline-'));
  console.log(`baseline: building ${ref} in ${dir}`);
  execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: ROOT, stdio: 'ignore' });
  const lock = (root) => readFileSync(join(root, 'package-lock.json'), 'utf8');
  if (lock(dir) === lock(ROOT)) {
    symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(dir, 'node_modules'));
  } else {
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'inherit',
    });
  }
  execFileSync(process.execPath, ['tools/build.mjs'], { cwd: dir, stdio: 'ignore' });
  return dir;
}

export function removeBaseline(dir) {
  execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
}
