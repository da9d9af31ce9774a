// The platform as a user starts it: the launcher (`npm start` without its build step, development mode, every
// service and sandbox, the demo team) on a database of its own and a private nats-server, on free ports, with the
// given environment on top. For bench.mjs --as-started: measures what `npm start` gives, not a bench-made platform.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { SERVICES } from '../../dist/tools/index.js';
import { freePort } from '../../dist/libs/testing/src/free-port.js';
import { gatewayApi, ROOT, startInfrastructure } from '../sync/platform.mjs';

/** The Node.js `npm start` runs on: the `node` devDependency's when installed. */
const NODE = existsSync(join(ROOT, 'node_modules/.bin/node')) ? join(ROOT, 'node_modules/.bin/node') : process.execPath;
const portVariable = (service) => `${service.toUpperCase().replace(/-/g, '_')}_PORT`;

/** `root`: the build whose launcher runs (another build's, for a before/after in one run). */
export async function startAsUserDoes({ env = {}, root = ROOT } = {}) {
  const infrastructure = await startInfrastructure();
  const ports = {};
  for (const spec of SERVICES) ports[portVariable(spec.name)] = String(await freePort());
  // The launcher keeps the demo credentials in .data/demo.json: the user's file is put back afterwards.
  const demoFile = join(root, '.data', 'demo.json');
  const savedDemo = existsSync(demoFile) ? readFileSync(demoFile) : undefined;
  const started = performance.now();
  const child = spawn(NODE, [join(root, 'dist/tools/launcher/src/start.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: infrastructure.databaseUrl,
      NATS_URL: infrastructure.natsUrl,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      ...ports,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  const banner = await new Promise((resolveBanner, reject) => {
    const onExit = (code) => reject(new Error(`launcher exited with ${code}:\n${buffered.slice(-2000)}`));
    child.on('exit', onExit);
    child.stdout.on('data', (chunk) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((text) => text.includes('"Connected Purchases is running"'));
      if (line) {
        child.off('exit', onExit);
        buffered = '';
        resolveBanner(JSON.parse(line));
      } else if (buffered.length > 1_000_000) buffered = buffered.slice(-100_000);
    });
  }).catch(async (error) => {
    await infrastructure.stop();
    throw error;
  });
  console.log(`npm start: banner after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const gatewayUrl = `http://127.0.0.1:${ports.API_GATEWAY_PORT}`;
  return {
    databaseUrl: infrastructure.databaseUrl,
    natsUrl: infrastructure.natsUrl,
    gatewayUrl,
    /** The gateway's public URL (`localhost`, as `npm start` prints it): the issuer of connection tokens. */
    publicUrl: banner.api_gateway,
    demoApiKey: banner.demo_api_key,
    api: gatewayApi(gatewayUrl),
    async stop() {
      child.kill('SIGINT');
      await once(child, 'exit');
      await infrastructure.stop();
      if (savedDemo) writeFileSync(demoFile, savedDemo, { mode: 0o600 });
      else rmSync(demoFile, { force: true });
    },
  };
}
