import { eventually, TestPlatform, type TestTeam } from '@cps/testing';
import { SERVICES } from '@cps/tools';

/**
 * The single-node layout `npm start` uses (docs/adr/0020): every app inside one Node process, the host bundle that
 * `npm run build` makes, each its own Nest application on its own port, talking over NATS, on an empty database the
 * host migrates first (npm start's first run). A short journey through them, and each app's health and metrics its
 * own.
 */
describe('every service in one process', () => {
  let platform: TestPlatform;
  let team: TestTeam;

  beforeAll(async () => {
    platform = await TestPlatform.start({ layout: 'one-process', services: 'all', emptyDatabase: true });
    team = await platform.createTeam('One Process Brand');
  });

  afterAll(() => platform?.stop());

  const url = (service: string) => platform.platform.service(service).url;
  const metricsOf = async (service: string) => (await fetch(`${url(service)}/metrics`)).text();

  it('runs them in one host process, each answering /readyz 200 on its own port', async () => {
    const host = platform.platform.host;
    expect(host?.running).toBe(true);
    expect(host?.options.entry).toMatch(/\/dist\/host\/platform\.mjs$/); // what npm start runs, not the modules
    const services = [...platform.platform.processes.keys()];
    expect(services).toEqual(expect.arrayContaining(['api-gateway', 'auth-server', 'sync-service', 'events-service']));
    expect(new Set(services.map(url)).size).toBe(services.length);
    for (const service of services) {
      const ready = await fetch(`${url(service)}/readyz`);
      expect({ service, status: ready.status }).toEqual({ service, status: 200 });
    }
  });

  it('applied the migrations of every schema in the host, before the apps started', async () => {
    const lines = platform.platform.host!.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    const migrated = lines.filter(
      (line) => line.service === 'platform' && /^migrations: \d+ applied$/.test(String(line.msg)),
    );
    const firstStart = lines.findIndex((line) => line.msg === 'Starting Nest application...');
    expect(migrated.map((line) => line.schema).sort()).toEqual(SERVICES.map((spec) => spec.schema).sort());
    expect(migrated.every((line) => (line.applied as string[]).length > 0)).toBe(true);
    expect(lines.indexOf(migrated.at(-1)!)).toBeLessThan(firstStart);
  });

  it('serves files from their folders in the repository (the sandbox storefront theme block)', async () => {
    const asset = await fetch(`${url('sandbox-storefront')}/assets/theme-block.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await asset.text()).length).toBeGreaterThan(1_000);
  });

  it('takes a simulated purchase and serves it through the gateway', async () => {
    const connection = await platform.api('/simulated-connections', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { retailer_id: 'walmart', email: 'one-process@example.com', include_purchases: false },
    });
    expect(connection.status).toBe(201);
    const connectionId = (connection.body as { connection_id: string }).connection_id;
    const purchase = await platform.api(`/simulated-connections/${connectionId}/purchases`, {
      method: 'POST',
      apiKey: team.apiKey,
    });
    expect(purchase.status).toBe(201);
    const purchaseId = (purchase.body as { purchase_id: string }).purchase_id;
    const token = await platform.api(`/connections/${connectionId}/token`, {
      method: 'POST',
      apiKey: team.apiKey,
      body: { scope: 'access' },
    });
    expect(token.status).toBe(200);
    const bearer = (token.body as { connection_token: string }).connection_token;

    const listed = await eventually(async () => {
      const response = await platform.api('/purchases?limit=10', {
        apiKey: team.apiKey,
        headers: { authorization: `Bearer ${bearer}` },
      });
      const ids = ((response.body as { purchases?: Array<{ purchase_id: string }> }).purchases ?? []).map(
        (item) => item.purchase_id,
      );
      if (!ids.includes(purchaseId)) throw new Error(`GET /purchases: ${response.status} ${JSON.stringify(ids)}`);
      return response;
    });
    expect(listed.status).toBe(200);
  });

  it("keeps each app's metrics to itself and shows the process's once, as the host's", async () => {
    const [gateway, sync] = await Promise.all([metricsOf('api-gateway'), metricsOf('sync-service')]);
    // The journey above: the gateway served GET /purchases, sync-service answered sync.list-purchases.v1.
    expect(gateway).toMatch(
      /^http_requests_total\{method="GET",route="\/purchases",status="200",service="api-gateway"\}/m,
    );
    expect(sync).not.toContain('route="/purchases"');
    expect(sync).toMatch(
      /^messages_total\{kind="rpc",subject="sync\.list-purchases\.v1",outcome="ok",service="sync-service"\}/m,
    );
    expect(gateway).not.toContain('subject="sync.list-purchases.v1",outcome="ok",service=');
    for (const text of [gateway, sync]) {
      expect(text.match(/^process_start_time_seconds\{service="platform"\} \d+/gm)).toHaveLength(1);
      expect(text).not.toMatch(/^process_start_time_seconds\{service="(api-gateway|sync-service)"\}/m);
    }
    const started = (text: string) => /^process_start_time_seconds\{service="platform"\} (\d+)/m.exec(text)?.[1];
    expect(started(gateway)).toBe(started(sync));
  });

  it('stops every app cleanly with one SIGTERM to the host', async () => {
    expect(await platform.platform.host!.stop()).toBe(0);
    for (const service of platform.platform.processes.keys()) {
      await expect(fetch(`${url(service)}/healthz`)).rejects.toThrow();
    }
  });
});
