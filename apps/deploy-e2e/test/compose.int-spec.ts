import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parse } from 'yaml';
import { APPS, ROOT, read } from './repo.js';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  command?: string[];
  profiles?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number | string };
  read_only?: boolean;
}

const file = join(ROOT, 'docker/compose.yaml');
const compose = parse(read('docker/compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;
const hasComposePlugin = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0;

describe('docker/compose.yaml', () => {
  (hasComposePlugin ? it : it.skip)('is valid for docker compose (all profiles)', () => {
    const result = spawnSync('docker', ['compose', '-f', file, '--profile', 'sandbox', 'config', '--quiet'], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('runs Postgres and NATS with JetStream, each with a health check', () => {
    expect(services.postgres.image).toMatch(/^postgres:\d+\.\d+/);
    expect(services.nats.image).toMatch(/^nats:\d+\.\d+\.\d+/);
    expect(services.nats.command).toContain('-js');
    expect(services.postgres.healthcheck?.test).toBeDefined();
    expect(services.nats.healthcheck?.test).toBeDefined();
  });

  it.each(APPS.map((app) => [app.name, app] as const))('%s: migrates first, then runs as its role', (name, app) => {
    const migrate = services[`${name}-migrate`];
    const service = services[name];
    expect(migrate.command).toEqual(['migrate']);
    expect(migrate.build?.args?.APP).toBe(name);
    expect(migrate.build?.dockerfile).toBe('docker/Dockerfile');
    expect(service.image).toBe(migrate.image);
    expect(service.image).not.toMatch(/:latest$/);
    expect(migrate.depends_on?.postgres.condition).toBe('service_healthy');
    expect(service.depends_on?.[`${name}-migrate`].condition).toBe('service_completed_successfully');
    expect(service.depends_on?.nats.condition).toBe('service_healthy');
    expect(service.depends_on?.postgres.condition).toBe('service_healthy');
    expect(service.healthcheck?.test.join(' ')).toContain('/readyz');
    expect(service.environment?.DATABASE_URL).toBe(`postgres://cps_${app.schema}@postgres:5432/cps`);
    expect(service.read_only).toBe(true);
    expect(service.deploy?.replicas).toBeDefined();
    if (app.sandbox) {
      expect(service.profiles).toEqual(['sandbox']);
      expect(migrate.profiles).toEqual(['sandbox']);
    } else {
      expect(service.profiles).toBeUndefined();
    }
  });

  it('lets NATS-only services scale with deploy.replicas', () => {
    for (const app of APPS.filter((a) => !a.edge && !a.sandbox))
      expect(String(services[app.name].deploy?.replicas)).toMatch(/^\$\{[A-Z_]+_REPLICAS:-1\}$/);
  });
});
