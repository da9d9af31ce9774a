import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { DEVELOPMENT_ENCRYPTION_KEY } from '../src/index.js';

/** A built service started the way a container starts it: no NODE_ENV, nothing inherited from the test runner. */
const root = resolve(import.meta.dirname, '../../..');

function entry(app: string): string {
  const path = join(root, 'dist/apps', app, 'src/main.js');
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build first`);
  return path;
}

function start(
  app: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [entry(app), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${app} did not stop on its own; stderr: ${stderr}`));
    }, 30_000);
    child.once('error', fail);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    });
  });
}

const productionKey = String(
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
);

describe('a service started without NODE_ENV runs as production and refuses development secrets', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cps-production-start-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('api-gateway: no connection token key, no encryption key', async () => {
    await expect(start('api-gateway', {})).resolves.toEqual({
      code: 78,
      stderr:
        'invalid configuration: CONNECTION_TOKEN_PRIVATE_KEY is required in production; ' +
        'ENCRYPTION_KEY is required in production\n',
    });
  });

  it('api-gateway: a key of its own (from a file) but the development link session secret', async () => {
    const keyFile = join(dir, 'connection-token-key.pem');
    writeFileSync(keyFile, productionKey);
    await expect(
      start('api-gateway', {
        CONNECTION_TOKEN_PRIVATE_KEY_FILE: keyFile,
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        LINK_SESSION_SECRET: 'cps-development-link-session-secret-not-for-production',
      }),
    ).resolves.toEqual({
      code: 78,
      stderr: 'invalid configuration: LINK_SESSION_SECRET is the public development value, refused in production\n',
    });
  });

  it('events-service: the development encryption key', async () => {
    await expect(start('events-service', { ENCRYPTION_KEY: DEVELOPMENT_ENCRYPTION_KEY })).resolves.toEqual({
      code: 78,
      stderr: 'invalid configuration: ENCRYPTION_KEY is the public development value, refused in production\n',
    });
  });

  it('sync-service migrate (the Kubernetes Job) checks only what migrating reads: not PORT, not the encryption key', async () => {
    const keyFile = join(dir, 'encryption-key');
    writeFileSync(keyFile, `${DEVELOPMENT_ENCRYPTION_KEY}\n`);
    await expect(
      start('sync-service', { ENCRYPTION_KEY_FILE: keyFile, PORT: 'none', NATS_URL: 'http://nats' }, ['migrate']),
    ).resolves.toEqual({
      code: 78,
      stderr:
        'invalid configuration: NATS_URL must be one or more comma-separated nats:// URLs, e.g. nats://127.0.0.1:4222\n',
    });
  });

  it('auth-server: development keys, cookie keys and the test clock', async () => {
    await expect(start('auth-server', { AUTH_TEST_CLOCK: 'true' })).resolves.toEqual({
      code: 78,
      stderr:
        'invalid configuration: AUTH_SIGNING_KEYS is required in production; AUTH_COOKIE_KEYS is required in production; ' +
        'ENCRYPTION_KEY is required in production; AUTH_ISSUER is required in production; ' +
        'AUTH_TEST_CLOCK is not allowed in production\n',
    });
  });

  it('sandbox-retailer: the development admin token', async () => {
    await expect(
      start('sandbox-retailer', { SANDBOX_ADMIN_TOKEN: 'sandbox-admin-development-token' }),
    ).resolves.toEqual({
      code: 78,
      stderr: 'invalid configuration: SANDBOX_ADMIN_TOKEN is the public development value, refused in production\n',
    });
  });
});
