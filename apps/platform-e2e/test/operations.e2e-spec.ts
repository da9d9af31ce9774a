import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { eventually, TestPlatform } from '@cps/testing';

const run = promisify(execFile);
const ADMIN = resolve(import.meta.dirname, '../../../dist/tools/admin/src/admin.js');

describe('operating the platform', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    // Every service, so each one's clean stop on SIGTERM is checked.
    platform = await TestPlatform.start({ services: 'all' });
  });
  afterAll(() => platform?.stop());

  const admin = (...args: string[]) =>
    run(process.execPath, [ADMIN, ...args], { env: { ...process.env, NATS_URL: platform.nats.url } });

  it('admin CLI: one JSON object on stdout per command, errors on stderr with a non-zero exit', async () => {
    const team = await admin('team:create', '--name', 'CLI Brand');
    const { team_id } = JSON.parse(team.stdout) as { team_id: string };
    expect(team.stdout.trim().split('\n')).toHaveLength(1);

    const key = JSON.parse((await admin('api-key:create', '--team', team_id, '--name', 'ops')).stdout) as {
      key_id: string;
      api_key: string;
    };
    expect((await platform.api('/retailers', { apiKey: key.api_key })).status).toBe(200);

    const user = JSON.parse(
      (await admin('user:create', '--email', 'ops@brand.test', '--password', 'a-long-password', '--team', team_id))
        .stdout,
    ) as { user_id: string };
    expect(user.user_id).toMatch(/^[0-9A-Z]{26}$/);

    const failure = await admin('api-key:create', '--team', 'no-such-team', '--name', 'x').catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1, stdout: '' });
    expect((failure as { stderr: string }).stderr).toContain('404 team no-such-team not found');

    const usage = await admin('team:create').catch((error: { code: number; stderr: string }) => error);
    expect(usage).toMatchObject({ code: 2 });
    expect((usage as { stderr: string }).stderr).toContain('missing --name');

    // Revocation reaches the gateway's key cache through auth.api-key.revoked.v1, well before the cache TTL.
    await admin('api-key:revoke', '--team', team_id, '--key', key.key_id);
    await eventually(async () => {
      const response = await platform.api('/retailers', { apiKey: key.api_key });
      expect(response).toMatchObject({ status: 401, body: { detail: 'invalid API key' } });
    }, 5_000);
  });

  it('accepts the API key header in any case and answers 401 with a detail without one', async () => {
    const team = await platform.createTeam('Header Brand');
    const upper = await platform.api('/retailers', { headers: { 'X-API-KEY': team.apiKey } });
    expect(upper.status).toBe(200);
    expect(await platform.api('/retailers')).toMatchObject({ status: 401, body: { detail: 'missing API key' } });
    expect(await platform.api('/retailers', { apiKey: 'cpk_wrong' })).toMatchObject({
      status: 401,
      body: { detail: 'invalid API key' },
    });
  });

  it('serves retailer images and the catalog with per-team enablement', async () => {
    const team = await platform.createTeam('Catalog Brand');
    const all = await platform.api('/retailers?include=all', { apiKey: team.apiKey });
    const rows = (all.body as { retailers: Array<{ retailer_id: string; enabled: boolean; images: any }> }).retailers; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.every((row) => row.enabled === false)).toBe(true);
    const image = await fetch(rows[0]!.images.logo.dark as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');

    const enabled = await platform.api('/retailers/target', {
      method: 'PATCH',
      apiKey: team.apiKey,
      body: { enabled: true },
    });
    expect(enabled.body).toMatchObject({ retailer_id: 'target', enabled: true, link_visibility: 'everyone' });
    const mine = await platform.api('/retailers', { apiKey: team.apiKey });
    expect((mine.body as { retailers: Array<{ retailer_id: string }> }).retailers.map((r) => r.retailer_id)).toEqual([
      'target',
    ]);
    const other = await platform.createTeam('Other Brand');
    expect((await platform.api('/retailers', { apiKey: other.apiKey })).body).toEqual({ retailers: [] });
  });

  it('exposes Prometheus metrics and stops every service cleanly on SIGTERM', async () => {
    const metrics = await (await fetch(`${platform.gatewayUrl}/metrics`)).text();
    expect(metrics).toContain('http_requests_total{');
    expect(metrics).toContain('http_request_duration_seconds_bucket{');
    const events = await (await fetch(`${platform.platform.service('events-service').url}/metrics`)).text();
    expect(events).toContain('messages_total');

    for (const service of platform.platform.processes.values()) {
      expect(await service.stop()).toBe(0);
    }
  });
});
