import { schemaRole, schemaRoleUrl } from '@cps/persistence';
import { HostedApp } from './hosted-app.js';
import { migrationOutcome, Platform } from './platform.js';
import { databaseRole, HOSTED_APPS_VARIABLE, SERVICES, type HostedAppEnv } from './services.js';

const services = SERVICES.filter((spec) => ['api-gateway', 'sync-service'].includes(spec.name));
const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/cps', NATS_URL: 'nats://127.0.0.1:4222' };

describe('Platform, one-process layout', () => {
  it('runs every app in one host, each with its own port, role and environment', () => {
    const platform = new Platform({
      root: '/repo',
      env,
      services,
      layout: 'one-process',
      ports: { 'api-gateway': 4000, 'sync-service': 4010 },
      serviceEnv: { 'sync-service': { SYNC_POLL_MS: '100' } },
    });

    expect(platform.host?.options.entry).toBe('/repo/dist/tools/launcher/src/one-process.js');
    expect([...platform.processes.values()].every((app) => app instanceof HostedApp)).toBe(true);
    expect(platform.service('sync-service').url).toBe('http://127.0.0.1:4010');
    const hosted = JSON.parse(platform.host!.options.env[HOSTED_APPS_VARIABLE]!) as HostedAppEnv[];
    expect(hosted).toEqual([
      {
        service: 'sync-service',
        env: expect.objectContaining({
          DATABASE_URL: 'postgres://cps_sync@127.0.0.1:5432/cps',
          PORT: '4010',
          SYNC_POLL_MS: '100',
        }) as unknown,
      },
      {
        service: 'api-gateway',
        env: expect.objectContaining({
          DATABASE_URL: 'postgres://cps_gateway@127.0.0.1:5432/cps',
          PORT: '4000',
        }) as unknown,
      },
    ]);
    expect(hosted[1]!.env).not.toHaveProperty('SYNC_POLL_MS');
  });

  it('leaves replicas to the process-per-app layout', () => {
    expect(
      () => new Platform({ root: '/repo', env, services, layout: 'one-process', replicas: { 'api-gateway': 2 } }),
    ).toThrow('replicas need the multi-process layout');
  });

  it("gives each line of the host to the app that wrote it, the host's own to platform", () => {
    const lines: Array<[string, string]> = [];
    const platform = new Platform({
      root: '/repo',
      env,
      services,
      layout: 'one-process',
      onLog: (service, _line, instance) => lines.push([service, instance]),
    });
    platform.host!.options.onLog!(
      '{"level":"warn","time":"2026-11-28T10:00:00.000Z","service":"sync-service","msg":"x"}',
    );
    platform.host!.options.onLog!('Error: crashed before any logger');
    expect(lines).toEqual([
      ['sync-service', 'sync-service'],
      ['platform', 'platform'],
    ]);
  });
});

describe('databaseRole', () => {
  it("follows @cps/persistence's role rule for every service (the launcher does not import it)", () => {
    const url = 'postgres://migrator:secret@db.internal:5432/cps?sslmode=require';
    for (const spec of SERVICES) {
      expect(databaseRole(spec, url)).toEqual({ role: schemaRole(spec.schema), url: schemaRoleUrl(url, spec.schema) });
    }
  });
});

describe('migrationOutcome', () => {
  it('accepts the host saying migrated', () => {
    expect(() => migrationOutcome('migrated')).not.toThrow();
  });

  it('throws the failure the host reports', () => {
    expect(() => migrationOutcome({ failed: 'permission denied for database cps' })).toThrow(
      'permission denied for database cps',
    );
  });

  it.each([['loaded'], [{}], [null], [{ failed: 42 }]])('names an answer it does not expect (%j)', (reply) => {
    expect(() => migrationOutcome(reply)).toThrow(`the host said ${JSON.stringify(reply)} instead of "migrated"`);
  });
});
