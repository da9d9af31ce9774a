// `npm run test:deploy`: runs docker/compose.yaml (every service, sandbox profile included) with podman, the
// images of `npm run images`, then checks a first install end to end:
//
//   1. Postgres and NATS containers built from the local Debian base (docker/postgres, docker/nats), on a podman
//      network of their own; secret files from docker/generate-secrets.mjs, mounted as compose mounts them (NATS
//      with a user per service, k8s/base/nats/users.conf).
//   2. Every `<app>-migrate` runs the image's `migrate` as the database owner (no CREATEROLE), then every app
//      starts in production mode (read-only, no capabilities) and its health check (GET /readyz) answers 200.
//   3. A purchase from the sandbox retailer reaches a webhook receiver: a team and API key (admin CLI over NATS),
//      walmart enabled, a webhook to a receiver container, a shopper's account and order at the sandbox, the link
//      flow walked over HTTP, then the signed `purchase.created` verified with the webhook's secret.
//   4. `podman stop` (SIGTERM through tini): every app exits 0.
//
//   node tools/images/deploy-test.mjs [--keep]      # --keep leaves the containers running afterwards
//
// Needs `npm run build` (the admin CLI runs from dist/) and `npm run images`. Prints each phase's time.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { parse } from 'yaml';
import { generateSecrets } from '../../docker/generate-secrets.mjs';
import {
  APPS,
  DEBIAN_IMAGE,
  NODE_IMAGE,
  ROOT,
  imageExists,
  imageSize,
  megabytes,
  output,
  requirePodman,
  run,
} from './images.mjs';

const execFileAsync = promisify(execFile);
const PROJECT = 'cps-deploy-test';
const NETWORK = PROJECT;
const POSTGRES_IMAGE = 'localhost/cps-postgres:15';
const NATS_IMAGE = 'localhost/cps-nats:bookworm';
const RECEIVER = 'webhook-receiver';
const { values: options } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });

const started = Date.now();
const elapsed = (since = started) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const log = (message) => console.log(`[${elapsed()}] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const result = await check();
      if (result !== undefined && result !== false) return result;
    } catch (error) {
      last = error;
    }
    await sleep(500);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s${last ? ` (${last.message})` : ''}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** `${VAR}`, `${VAR:-default}` and `${VAR-default}` as compose expands them. */
const interpolate = (text, env) =>
  text.replace(/\$\{([A-Z0-9_]+)(?:(:?-)([^}]*))?\}/g, (_, name, op, fallback) => {
    const value = env[name];
    if (op === ':-') return value ? value : fallback;
    if (op === '-') return value ?? fallback;
    return value ?? '';
  });

const containerName = (service) => `${PROJECT}-${service}`;

/** `podman run` arguments for a compose service: what docker compose would give it. */
function runArgs(name, service, compose, secretsDir, extra = []) {
  const args = ['--name', containerName(name), '--network', NETWORK, '--network-alias', name];
  args.push('--label', `cps.project=${PROJECT}`);
  if (service.read_only) args.push('--read-only');
  for (const path of service.tmpfs ?? []) args.push('--tmpfs', path);
  for (const cap of service.cap_drop ?? []) args.push('--cap-drop', cap);
  for (const option of service.security_opt ?? []) args.push('--security-opt', option.replace(/:true$/, ''));
  for (const [key, value] of Object.entries(service.environment ?? {})) args.push('-e', `${key}=${value}`);
  for (const secret of service.secrets ?? []) {
    const source = typeof secret === 'string' ? secret : secret.source;
    const target = typeof secret === 'string' ? secret : (secret.target ?? source);
    const file = compose.secrets[source].file.replace(/^\.\/secrets\//, '');
    args.push('-v', `${join(secretsDir, file)}:${target.startsWith('/') ? target : `/run/secrets/${target}`}:ro`);
  }
  for (const volume of service.volumes ?? []) {
    const [source, ...rest] = volume.split(':');
    // Bind mounts of files next to the compose file; named volumes are left to the container's own filesystem.
    if (/^\.\.?\//.test(source)) args.push('-v', [resolve(ROOT, 'docker', source), ...rest].join(':'));
  }
  for (const file of service.env_file ?? [])
    args.push('--env-file', join(secretsDir, file.replace(/^\.\/secrets\//, '')));
  for (const port of service.ports ?? []) args.push('-p', port);
  if (service.healthcheck?.test?.[0] === 'CMD') {
    args.push('--health-cmd', JSON.stringify(service.healthcheck.test.slice(1)));
  }
  return [...args, ...extra, service.image, ...(service.command ?? [])];
}

const healthy = (name) =>
  spawnSync('podman', ['healthcheck', 'run', containerName(name)], { stdio: 'ignore' }).status === 0;

function logsOf(name, lines = 30) {
  return spawnSync('podman', ['logs', '--tail', String(lines), containerName(name)], { encoding: 'utf8' });
}

function cleanUp() {
  const ids = output('podman', ['ps', '-aq', '--filter', `label=cps.project=${PROJECT}`])
    .split('\n')
    .filter(Boolean);
  if (ids.length) spawnSync('podman', ['rm', '-f', '-t', '5', ...ids], { stdio: 'ignore' });
  spawnSync('podman', ['network', 'rm', '-f', NETWORK], { stdio: 'ignore' });
}

/** The infrastructure images from the local Debian base, built when missing. */
function buildInfrastructure() {
  for (const [image, dir] of [
    [POSTGRES_IMAGE, 'docker/postgres'],
    [NATS_IMAGE, 'docker/nats'],
  ]) {
    if (imageExists(image)) continue;
    log(`building ${image}`);
    run('podman', [
      'build',
      '--pull=never',
      '--build-arg',
      `DEBIAN_IMAGE=${DEBIAN_IMAGE}`,
      '-t',
      image,
      join(ROOT, dir),
    ]);
  }
}

/** A webhook receiver: answers 200 and prints each request as one JSON line (read back with podman logs). */
const RECEIVER_SCRIPT = `
require('node:http').createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c)).on('end', () => {
    console.log(JSON.stringify({ path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() }));
    res.writeHead(200).end('ok');
  });
}).listen(8080);`;

function received() {
  return output('podman', ['logs', containerName(RECEIVER)])
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

/** A shopper's browser for the gateway's link flow: its cookie, redirects, and each form's CSRF token. */
class Shopper {
  cookie = null;
  html = '';
  exitedTo = null;

  constructor(baseUrl) {
    this.baseUrl = baseUrl;
  }

  async open(path) {
    return this.follow(await this.request('GET', path));
  }

  async submit(action, fields) {
    const csrf = /name="csrf" value="([^"]+)"/.exec(this.html)?.[1] ?? '';
    return this.follow(await this.request('POST', `/link/${action}`, { csrf, ...fields }));
  }

  async request(method, path, form) {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      redirect: 'manual',
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(this.baseUrl).origin } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = /Max-Age=0/i.test(setCookie) ? null : setCookie.split(';')[0];
    return response;
  }

  async follow(response) {
    for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops += 1) {
      const location = new URL(response.headers.get('location') ?? '', this.baseUrl);
      await response.text();
      if (location.origin !== new URL(this.baseUrl).origin) {
        this.exitedTo = location;
        return this;
      }
      response = await this.request('GET', `${location.pathname}${location.search}`);
    }
    this.html = await response.text();
    if (response.status !== 200) throw new Error(`link flow: ${response.status} ${this.html.slice(0, 300)}`);
    return this;
  }
}

async function main() {
  requirePodman();
  const missing = [...APPS.map((app) => `localhost/cps/${app}:dev`), NODE_IMAGE].filter((name) => !imageExists(name));
  if (missing.length) throw new Error(`missing images ${missing.join(', ')}: run npm run images first`);
  buildInfrastructure();
  cleanUp();

  const secretsDir = mkdtempSync(join(tmpdir(), 'cps-deploy-secrets-'));
  generateSecrets(secretsDir);
  const secret = (name) => readFileSync(join(secretsDir, name), 'utf8').trim();
  const ports = {};
  for (const name of [
    'API_GATEWAY',
    'AUTH_SERVER',
    'STOREFRONT_PROXY',
    'MCP_SERVER',
    'DASHBOARD',
    'SANDBOX_RETAILER',
  ]) {
    ports[name] = await freePort();
  }
  for (const name of ['SANDBOX_STOREFRONT', 'SANDBOX_LOYALTY', 'NATS']) ports[name] = await freePort();
  const gatewayUrl = `http://127.0.0.1:${ports.API_GATEWAY}`;
  const env = {
    REGISTRY: 'localhost/cps',
    TAG: 'dev',
    POSTGRES_IMAGE,
    NATS_IMAGE,
    LOG_LEVEL: 'info',
    PUBLIC_BASE_URL: gatewayUrl,
    AUTH_ISSUER: `http://127.0.0.1:${ports.AUTH_SERVER}`,
    MCP_PUBLIC_URL: `http://127.0.0.1:${ports.MCP_SERVER}/mcp`,
    STOREFRONT_PUBLIC_URL: `http://127.0.0.1:${ports.STOREFRONT_PROXY}`,
    DASHBOARD_URL: `http://127.0.0.1:${ports.DASHBOARD}`,
    // The receiver is a plain-HTTP container on the private network: allowed by name, as an operator would.
    WEBHOOK_ALLOW_HTTP: 'true',
    OUTBOUND_ALLOW_PRIVATE_HOSTS: `sandbox-loyalty,${RECEIVER}`,
    ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [`${name}_PORT`, String(port)])),
  };
  const compose = parse(interpolate(readFileSync(join(ROOT, 'docker/compose.yaml'), 'utf8'), env), { merge: true });
  const services = compose.services;
  const infrastructure = Object.keys(services).filter((name) => !services[name].depends_on);
  const jobs = Object.keys(services).filter((name) => services[name].command?.[0] === 'migrate');
  const apps = Object.keys(services).filter((name) => !infrastructure.includes(name) && !jobs.includes(name));
  const unrun = APPS.filter((app) => !apps.includes(app));
  if (unrun.length) throw new Error(`docker/compose.yaml runs no ${unrun.join(', ')}`);

  let failed = true;
  try {
    run('podman', ['network', 'create', NETWORK], { stdio: 'ignore' });
    const phase = Date.now();
    for (const name of infrastructure) {
      const extra = name === 'nats' ? ['-p', `127.0.0.1:${ports.NATS}:4222`] : []; // the admin CLI's way in
      run('podman', ['run', '-d', ...runArgs(name, services[name], compose, secretsDir, extra)], { stdio: 'ignore' });
    }
    for (const name of infrastructure) await eventually(`${name} healthy`, () => healthy(name));
    log(`postgres and nats healthy (${elapsed(phase)})`);

    for (const name of jobs) {
      const since = Date.now();
      const result = spawnSync('podman', ['run', ...runArgs(name, services[name], compose, secretsDir)], {
        encoding: 'utf8',
      });
      const lines = `${result.stdout}${result.stderr}`
        .split('\n')
        .filter((line) => line && !/level=error msg="unable to get systemd/.test(line));
      if (result.status !== 0) throw new Error(`${name} exited with ${result.status}:\n${lines.slice(-15).join('\n')}`);
      spawnSync('podman', ['rm', containerName(name)], { stdio: 'ignore' });
      log(`${name}: exit 0 as the database owner (${elapsed(since)})`);
    }

    const appsSince = Date.now();
    for (const name of apps) {
      run('podman', ['run', '-d', ...runArgs(name, services[name], compose, secretsDir)], { stdio: 'ignore' });
    }
    run(
      'podman',
      [
        'run',
        '-d',
        '--name',
        containerName(RECEIVER),
        '--network',
        NETWORK,
        '--network-alias',
        RECEIVER,
        '--label',
        `cps.project=${PROJECT}`,
        '--read-only',
        '--cap-drop',
        'ALL',
        '--user',
        '1000:1000',
        NODE_IMAGE,
        'node',
        '-e',
        RECEIVER_SCRIPT,
      ],
      { stdio: 'ignore' },
    );
    for (const name of apps) {
      await eventually(
        `${name} /readyz`,
        () => {
          const state = output('podman', [
            'inspect',
            '--format',
            '{{.State.Status}} {{.State.ExitCode}}',
            containerName(name),
          ]);
          if (state.startsWith('exited')) throw new Error(`${name} stopped (${state}):\n${logsOf(name).stderr}`);
          return healthy(name);
        },
        120_000,
      );
    }
    log(`every app's health check (GET /readyz) answers 200: ${apps.join(', ')} (${elapsed(appsSince)})`);
    for (const [name, port] of Object.entries(ports).filter(([name]) => name !== 'NATS')) {
      const status = (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
      if (status !== 200) throw new Error(`${name} published /readyz answered ${status}`);
    }
    // sandbox-storefront serves its theme from apps/sandbox-storefront/public, which the image must hold.
    const themeBlock = await fetch(`http://127.0.0.1:${ports.SANDBOX_STOREFRONT}/assets/theme-block.js`);
    if (themeBlock.status !== 200) throw new Error(`sandbox-storefront theme-block.js: ${themeBlock.status}`);
    const published = Object.keys(ports).filter((name) => name !== 'NATS').length;
    log(`published ports: /readyz 200 on ${published} apps; sandbox-storefront's theme-block.js 200`);

    // 3. A purchase from the sandbox retailer to a webhook.
    const flow = Date.now();
    // Asynchronous: a blocked event loop would miss the gateway closing idle keep-alive connections.
    // users.conf has no operator user: the CLI signs in as api-gateway, which may send every request.
    const natsUrl = secret('nats-url-api-gateway').replace('@nats:4222', `@127.0.0.1:${ports.NATS}`);
    const admin = async (args, url = natsUrl) => {
      const cli = join(ROOT, 'dist/tools/admin/src/admin.js');
      const env = { ...process.env, NODE_ENV: 'production', NATS_URL: url };
      return JSON.parse((await execFileAsync(process.execPath, [cli, ...args], { env })).stdout);
    };
    const anonymous = await admin(['team:create', '--name', 'Nobody'], `nats://127.0.0.1:${ports.NATS}`).catch(
      (error) => error,
    );
    if (!/authori[sz]ation/i.test(String(anonymous.stderr))) {
      throw new Error(`NATS let a client without a user in, or failed otherwise: ${anonymous.stderr ?? 'no error'}`);
    }
    const { team_id: teamId } = await admin(['team:create', '--name', 'Deploy Test Brand']);
    const { api_key: apiKey } = await admin(['api-key:create', '--team', teamId, '--name', 'deploy-test']);
    const api = async (method, path, body) => {
      const response = await fetch(`${gatewayUrl}${path}`, {
        method,
        headers: { 'x-api-key': apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    };
    await api('PATCH', '/retailers/walmart', { enabled: true });
    const webhook = await api('POST', '/webhooks', {
      url: `http://${RECEIVER}:8080/hooks`,
      event_types: ['connection.activated', 'purchase.created'],
    });
    log(
      `NATS refused a client without a user; team ${teamId}, API key, walmart enabled, webhook ${webhook.webhook_id} -> http://${RECEIVER}:8080/hooks`,
    );

    const sandbox = async (path, body) => {
      const response = await fetch(`http://127.0.0.1:${ports.SANDBOX_RETAILER}/admin/r/walmart${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret('sandbox-admin-token')}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const email = 'shopper@example.com';
    const password = 'correct horse battery';
    await sandbox('/accounts', { email, password, one_time_code: false });
    const { orders } = await sandbox(`/accounts/${encodeURIComponent(email)}/orders`, { count: 1 });
    const { link_token: linkToken } = await api('POST', '/link-tokens', { customer_id: 'deploy-test', email });

    const shopper = new Shopper(gatewayUrl);
    await shopper.open(
      `/link?link_token=${linkToken}&redirect_url=${encodeURIComponent('https://brand.example/linked')}`,
    );
    await shopper.submit('retailer', { retailer_id: 'walmart' });
    const days = /name="history_window_days" value="(\d+)" checked/.exec(shopper.html)?.[1];
    await shopper.submit('consent', { history_window_days: days ?? '365' });
    await shopper.submit('sign-in', { email, password });
    if (!shopper.html.includes('is linked')) throw new Error('the link flow did not link the account');
    await shopper.submit('exit', {});
    const connectionId = shopper.exitedTo?.searchParams.get('connection_id');
    if (shopper.exitedTo?.searchParams.get('link_result') !== 'success' || !connectionId) {
      throw new Error(`the link flow ended at ${shopper.exitedTo}`);
    }
    log(`shopper linked walmart over the link flow: connection ${connectionId}; sandbox order ${orders[0].order_id}`);

    const delivery = await eventually(
      'purchase.created at the receiver',
      () =>
        received().find((request) => {
          const body = JSON.parse(request.body);
          return body.type === 'purchase.created' && body.data.purchase?.connection_id === connectionId;
        }),
      90_000,
    );
    new Webhook(webhook.secret).verify(delivery.body, delivery.headers);
    const purchase = JSON.parse(delivery.body).data.purchase;
    if (purchase.is_simulated || purchase.retailer_id !== 'walmart') throw new Error(`unexpected ${delivery.body}`);
    log(
      `purchase.created ${purchase.purchase_id} (walmart, ${purchase.item_count} items, ${purchase.total} ` +
        `${purchase.currency}, not simulated) at the receiver, Standard Webhooks signature valid (${elapsed(flow)})`,
    );

    // 4. SIGTERM (podman stop, what Kubernetes sends): tini forwards it and every app exits 0 within its grace.
    const stopping = Date.now();
    run('podman', ['stop', '-t', '15', ...apps.map(containerName)], { stdio: 'ignore' });
    const codes = apps.map((name) => [
      name,
      output('podman', ['inspect', '--format', '{{.State.ExitCode}}', containerName(name)]),
    ]);
    const unclean = codes.filter(([, code]) => code !== '0');
    if (unclean.length) throw new Error(`not a clean stop on SIGTERM: ${JSON.stringify(unclean)}`);
    log(`podman stop (SIGTERM): all ${apps.length} apps exited 0 (${elapsed(stopping)})`);

    console.log('\nimage sizes:');
    for (const name of [...APPS.map((app) => `localhost/cps/${app}:dev`), POSTGRES_IMAGE, NATS_IMAGE]) {
      console.log(`  ${name.padEnd(44)} ${megabytes(imageSize(name))}`);
    }
    failed = false;
    console.log(`\ntest:deploy: passed in ${elapsed()}`);
  } catch (error) {
    for (const name of apps) {
      const state = spawnSync('podman', ['inspect', '--format', '{{.State.Status}}', containerName(name)], {
        encoding: 'utf8',
      }).stdout.trim();
      if (state && (state !== 'running' || !healthy(name))) {
        const logs = logsOf(name, 15);
        console.error(`--- ${name} (${state}):\n${logs.stdout}${logs.stderr}`);
      }
    }
    throw error;
  } finally {
    if (options.keep) console.log(`kept: podman ps --filter label=cps.project=${PROJECT}; secrets in ${secretsDir}`);
    else {
      cleanUp();
      rmSync(secretsDir, { recursive: true, force: true });
    }
    if (failed) process.exitCode = 1;
  }
}

main().catch((error) => {
  const cause = error.cause ? ` (${error.cause.code ?? error.cause.message})` : '';
  console.error(`test:deploy: FAILED after ${elapsed()}: ${error.message}${cause}\n${error.stack}`);
  process.exit(1);
});
