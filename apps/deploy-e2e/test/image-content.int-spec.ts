import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { NatsServerProcess, ServiceProcess } from '@cps/tools';
import { createTestDatabase, freePort } from '@cps/testing';
import { schemaRoleUrl } from '@cps/persistence';
import { APPS, ROOT } from './repo.js';

/**
 * What `docker build --build-arg APP=<app>` puts in /app, made without a Docker engine: the Dockerfile's own
 * assembly script, and node_modules with the production dependencies only (the set `npm ci --omit=dev`
 * installs, linked from the workspace instead of downloaded). Each app then boots from its folder in production
 * mode, migrates through the image's entry point, and must answer /readyz.
 */
describe('image content: each app runs from what its image holds', () => {
  const work = mkdtempSync(join(tmpdir(), 'cps-images-'));
  const processes: ServiceProcess[] = [];
  let nats: NatsServerProcess;
  let database: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist/apps/api-gateway/src/main.js'))) throw new Error('run npm run build first');
    const modules = join(work, 'production_modules');
    const listing = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, encoding: 'utf8' });
    for (const path of listing.stdout.split('\n')) {
      const name = relative(join(ROOT, 'node_modules'), path);
      if (!path || name.startsWith('..') || !name || name.includes('node_modules')) continue;
      mkdirSync(dirname(join(modules, name)), { recursive: true });
      if (!existsSync(join(modules, name))) symlinkSync(path, join(modules, name));
    }
    for (const app of APPS) {
      const out = join(work, app.name);
      const assembled = spawnSync(process.execPath, ['docker/assemble-app.mjs', app.name, out], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      if (assembled.status !== 0) throw new Error(`assembly of ${app.name} failed: ${assembled.stderr}`);
      symlinkSync(modules, join(out, 'node_modules'));
    }
    database = await createTestDatabase();
    nats = new NatsServerProcess(await freePort(), join(work, 'nats'));
    await nats.start();
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await nats?.stop();
    await database?.drop().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  });

  it('holds only the app, the libs it imports and package manifests', () => {
    for (const app of APPS) {
      const out = join(work, app.name);
      expect(existsSync(join(out, 'dist/apps', app.name, 'src/main.js'))).toBe(true);
      expect(existsSync(join(out, 'dist/main.js'))).toBe(true);
      expect(existsSync(join(out, 'dist/tools'))).toBe(false);
      expect(existsSync(join(out, 'dist/libs/testing'))).toBe(false);
      for (const other of APPS.filter((a) => a.name !== app.name))
        expect(existsSync(join(out, 'dist/apps', other.name))).toBe(false);
      // dev dependencies are not there to be found
      const require = createRequire(join(out, 'dist/main.js'));
      expect(() => require.resolve('jest')).toThrow();
      expect(() => require.resolve('@swc/core')).toThrow();
      expect(() => require.resolve('pg')).not.toThrow();
    }
  });

  it('migrates through the entry point, boots in production mode as its own role and answers /readyz', async () => {
    const ports = Object.fromEntries(await Promise.all(APPS.map(async (app) => [app.name, await freePort()] as const)));
    const ecKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      NATS_URL: nats.url,
      DATABASE_POOL_SIZE: '3',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      CONNECTION_TOKEN_PRIVATE_KEY: ecKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      AUTH_SIGNING_KEYS: JSON.stringify({ keys: [{ ...ecKey.export({ format: 'jwk' }), kid: 'k1' }] }),
      AUTH_COOKIE_KEYS: randomBytes(32).toString('hex'),
      SANDBOX_ADMIN_TOKEN: randomBytes(16).toString('hex'),
      LINK_SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_BASE_URL: `http://127.0.0.1:${ports['api-gateway']}`,
      AUTH_ISSUER: `http://127.0.0.1:${ports['auth-server']}`,
      SANDBOX_RETAILER_URL: `http://127.0.0.1:${ports['sandbox-retailer']}`,
    };
    for (const app of APPS) {
      await ServiceProcess.migrate(join(work, app.name, 'dist/main.js'), { ...env, DATABASE_URL: database.url });
    }
    for (const app of APPS) {
      const service = new ServiceProcess({
        name: app.name,
        entry: join(work, app.name, 'dist/main.js'),
        port: ports[app.name],
        env: { ...env, DATABASE_URL: schemaRoleUrl(database.url, app.schema) },
      });
      processes.push(service);
      service.start();
    }
    await Promise.all(processes.map((service) => service.waitReady(90_000)));
    for (const service of processes) expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    // SIGTERM (what tini forwards) ends each one cleanly
    expect(await Promise.all(processes.map((service) => service.stop()))).toEqual(processes.map(() => 0));
  });
});
