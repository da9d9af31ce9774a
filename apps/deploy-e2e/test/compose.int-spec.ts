import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { APPS, ROOT, read } from './repo.js';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  command?: string[];
  profiles?: string[];
  environment?: Record<string, string>;
  secrets?: Array<string | { source: string; target?: string }>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number | string };
  read_only?: boolean;
}

const file = join(ROOT, 'docker/compose.yaml');
/** The file as docker compose reads it with no variable set (`${VAR:-default}` gives the default). */
const text = read('docker/compose.yaml').replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1');
const compose = parse(text, { merge: true }) as {
  services: Record<string, ComposeService>;
  secrets: Record<string, { file: string }>;
};
const services = compose.services;
const hasComposePlugin = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0;

/** Every app with an entry point: the platform, the dashboard and the sandboxes (tools/images builds each). */
const EVERY_APP = readdirSync(join(ROOT, 'apps')).filter((app) => existsSync(join(ROOT, 'apps', app, 'src/main.ts')));
const SCHEMAS: Record<string, string> = {
  ...Object.fromEntries(APPS.map((app) => [app.name, app.schema])),
  dashboard: 'dashboard',
  'sandbox-storefront': 'sandbox_storefront',
};
const NATS_USERS = [...read('k8s/base/nats/users.conf').matchAll(/\buser: "([a-z-]+)"/g)].map((match) => match[1]);
const secretNames = (service: ComposeService) =>
  (service.secrets ?? []).map((secret) => (typeof secret === 'string' ? secret : secret.source));

describe('docker/compose.yaml', () => {
  (hasComposePlugin ? it : it.skip)('is valid for docker compose (all profiles)', () => {
    const result = spawnSync('docker', ['compose', '-f', file, '--profile', 'sandbox', 'config', '--quiet'], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('runs Postgres and NATS with JetStream, each with a health check, Postgres with a password from a file', () => {
    expect(services.postgres.image).toMatch(/^postgres:\d+\.\d+/);
    expect(services.nats.image).toMatch(/^nats:\d+\.\d+\.\d+/);
    expect(services.nats.command).toEqual(['-c', '/etc/nats/nats.conf']);
    expect(read('docker/nats/compose.conf')).toMatch(/^jetstream \{/m);
    expect(read('docker/nats/compose.conf')).toMatch(/^include users\.conf$/m);
    expect(services.nats.volumes).toContain('../k8s/base/nats/users.conf:/etc/nats/users.conf:ro');
    expect(services.postgres.healthcheck?.test).toBeDefined();
    expect(services.nats.healthcheck?.test).toBeDefined();
    expect(services.postgres.environment?.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres-password');
    expect(services.postgres.environment).not.toHaveProperty('POSTGRES_HOST_AUTH_METHOD');
  });

  it('runs every app (dashboard and sandboxes included)', () => {
    expect(EVERY_APP.length).toBeGreaterThanOrEqual(11);
    for (const app of EVERY_APP) expect(Object.keys(services)).toEqual(expect.arrayContaining([app, `${app}-migrate`]));
  });

  it.each(EVERY_APP.map((app) => [app]))(
    '%s: migrates first as the owner, then runs in production as its role',
    (name) => {
      const migrate = services[`${name}-migrate`];
      const service = services[name];
      expect(migrate.command).toEqual(['migrate']);
      expect(migrate.build?.args?.APP).toBe(name);
      expect(migrate.build?.dockerfile).toBe('docker/Dockerfile');
      expect(migrate.environment?.DATABASE_URL_FILE).toBe('/run/secrets/database-migrator-url');
      expect(service.image).toBe(migrate.image);
      expect(service.image).not.toMatch(/:latest$/);
      expect(migrate.depends_on?.postgres.condition).toBe('service_healthy');
      expect(service.depends_on?.[`${name}-migrate`].condition).toBe('service_completed_successfully');
      expect(service.depends_on?.nats.condition).toBe('service_healthy');
      expect(service.depends_on?.postgres.condition).toBe('service_healthy');
      expect(service.healthcheck?.test.join(' ')).toContain('/readyz');
      expect(service.environment?.NODE_ENV).toBe('production');
      expect(service.environment?.DATABASE_URL_FILE).toBe(`/run/secrets/database-url-${SCHEMAS[name]}`);
      expect(service.environment).not.toHaveProperty('DATABASE_URL');
      expect(service.read_only).toBe(true);
      expect(service.deploy?.replicas).toBeDefined();
      // NATS as its own user of k8s/base/nats/users.conf (the sandboxes use no NATS)
      expect(service.environment).not.toHaveProperty('NATS_URL');
      if (NATS_USERS.includes(name)) expect(service.environment?.NATS_URL_FILE).toBe(`/run/secrets/nats-url-${name}`);
      else expect(service.environment).not.toHaveProperty('NATS_URL_FILE');
      if (name.startsWith('sandbox-')) {
        expect(service.profiles).toEqual(['sandbox']);
        expect(migrate.profiles).toEqual(['sandbox']);
      } else {
        expect(service.profiles).toBeUndefined();
      }
    },
  );

  it('gives secrets as files only: each X_FILE names a secret the service mounts, each secret a generated file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cps-compose-secrets-'));
    try {
      const generated = spawnSync(process.execPath, [join(ROOT, 'docker/generate-secrets.mjs'), dir], {
        encoding: 'utf8',
      });
      expect(generated.status).toBe(0);
      for (const [name, secret] of Object.entries(compose.secrets)) {
        expect(secret.file).toBe(`./secrets/${name}`);
        expect(existsSync(join(dir, name))).toBe(true);
      }
      for (const service of Object.values(services)) {
        for (const [variable, value] of Object.entries(service.environment ?? {})) {
          expect(variable).not.toMatch(/(KEY|SECRET|TOKEN|PASSWORD)S?$/); // never a value, only its _FILE
          if (variable.endsWith('_FILE')) expect(secretNames(service)).toContain(value.replace('/run/secrets/', ''));
        }
        for (const secret of secretNames(service)) expect(compose.secrets[secret]).toBeDefined();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets NATS-only services scale with deploy.replicas', () => {
    const raw = parse(read('docker/compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
    for (const app of APPS.filter((a) => !a.edge && !a.sandbox))
      expect(String(raw.services[app.name].deploy?.replicas)).toMatch(/^\$\{[A-Z_]+_REPLICAS:-1\}$/);
  });
});
