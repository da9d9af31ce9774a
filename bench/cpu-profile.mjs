// Preload that writes a V8 CPU profile of the process when it exits, for Node versions that refuse `--cpu-prof`
// in NODE_OPTIONS: NODE_OPTIONS="--import /abs/path/bench/cpu-profile.mjs" CPU_PROFILE_DIR=/tmp/prof.
// `main.js migrate` runs are not profiled. The file opens in Chrome DevTools or speedscope.
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.CPU_PROFILE_DIR;
if (dir && process.argv[2] !== 'migrate') {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  // The in-process session answers synchronously, so this works in an exit handler.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `CPU.${Date.now()}.${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
