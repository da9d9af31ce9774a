import { Webhook } from 'standardwebhooks';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { AuthContracts } from '@cps/contracts';
import {
  eventually,
  OAuthFixture,
  REDIRECT_URI,
  type TestPlatform,
  WebhookReceiver,
  type TestTeam,
} from '@cps/testing';
import { checkPageEveryWay, DESKTOP, overflow, PHONE, watchDashboardPage } from './dashboard-browser.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'correct horse battery';
/** Progress on stderr with TEST_PROGRESS=1 (jest holds console output until the file ends). */
const progress = (step: string) => {
  if (process.env.TEST_PROGRESS === '1') process.stderr.write(`dashboard e2e: ${step}\n`);
};

/**
 * The brand dashboard in Chromium against the real platform: the journeys (sign in, enable a retailer and
 * open its link URL, upload a catalog CSV with per-row results, create an API key and use it, create a webhook and
 * see a test delivery, create/edit/delete a loyalty integration and see its award, disconnect a connection and find
 * its `Dashboard` activity entry, the brand's profile on the Team page and on the link pages at once, the team switcher,
 * sign out), error pages, the phone layout, and every page checked by `checkPageEveryWay` (axe with every WCAG 2.x
 * A/AA tag in light and dark at 1280 and 375 px, no sideways scrolling, screenshots).
 */
describe('brand dashboard in Chromium', () => {
  let fixture: OAuthFixture;
  let platform: TestPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let receiver: WebhookReceiver;
  let team: TestTeam;
  let otherTeam: TestTeam;
  const email = 'brand-user@example.com';
  let browserProblems: string[] = [];
  let linkUrl = '';
  let webhookLogUrl = '';
  let webhookSecret = '';

  beforeAll(async () => {
    fixture = await OAuthFixture.start(
      [
        'sandbox-retailer',
        'auth-server',
        'sync-service',
        'matching-service',
        'events-service',
        'api-gateway',
        'dashboard',
      ],
      { 'events-service': { WEBHOOK_RETRY_SCHEDULE: '0,1,1', DELIVERY_POLL_MS: '200' } },
    );
    platform = fixture.platform;
    progress('platform started');
    receiver = await new WebhookReceiver().start();
    team = await platform.createTeam('Dashboard Brand');
    otherTeam = await platform.createTeam('Second Brand');
    await platform.admin.createUser(email, PASSWORD, [team.teamId, otherTeam.teamId]);
    progress('team and user created');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    browserProblems = watchDashboardPage(page);
  }, 300_000); // seven services and a browser on a busy machine

  afterAll(async () => {
    await browser?.close();
    await receiver?.stop();
    await fixture?.stop();
  });

  const url = (path: string) => `${platform.dashboardUrl}${path}`;

  async function checkPage(name: string | null): Promise<void> {
    const started = Date.now();
    expect(await checkPageEveryWay(page, name)).toEqual([]);
    progress(`checked ${name ?? page.url()} in ${Date.now() - started} ms`);
  }

  it('signs in with the platform user, keeps the first page under the script budget, and scans clean', async () => {
    const scripts: Array<Promise<number>> = [];
    const countScripts = (response: Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => body.length));
    };
    page.on('response', countScripts);
    await page.goto(url('/'));
    expect(page.url()).toBe(url('/sign-in'));
    await checkPage('sign-in');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Wrong email or password');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    page.off('response', countScripts);
    const sizes = await Promise.all(scripts);
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(200 * 1024);
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === 'cps_dashboard');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await checkPage(null); // its screenshot is taken once there is data
  });

  it('refuses a form without the session’s CSRF token', async () => {
    const response = await page.request.post(url('/developers/api-keys'), { form: { name: 'forged' } });
    expect(response.status()).toBe(403);
    const keys = await platform.admin.request(AuthContracts.listApiKeys, { teamId: team.teamId });
    expect(keys.api_keys.map((key) => key.name)).not.toContain('forged');
  });

  it('enables a retailer, and its link URL opens the hosted link flow', async () => {
    await page.goto(url('/retailers'));
    await page.getByRole('button', { name: 'Enable Walmart' }).click();
    await page.getByRole('status').filter({ hasText: 'The retailer was saved.' }).waitFor();
    const link = page.locator('#link-url-walmart');
    linkUrl = (await link.textContent())!.trim();
    expect(linkUrl).toMatch(new RegExp(`^${platform.gatewayUrl}/link/[0-9A-Za-z]{10}$`));
    const flow = await context.newPage();
    const response = await flow.goto(linkUrl);
    expect(response?.status()).toBe(200);
    await expect(flow.locator('main').textContent()).resolves.toContain('Walmart');
    await expect(flow.locator('body').textContent()).resolves.toContain('Dashboard Brand'); // now in its cache
    await flow.close();

    // The seed's rules: a restricted audience needs an email or a domain (sync-service's 422, shown as it is).
    await page.locator('#visibility-walmart').selectOption('restricted');
    await page.locator('#emails-walmart').fill('');
    await page.locator('#domains-walmart').fill('');
    await page.getByRole('button', { name: 'Save link settings' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('walmart');
    await page.goto(url('/retailers'));
    await page.locator('#visibility-walmart').selectOption('restricted');
    await page.locator('#domains-walmart').fill('example.com');
    await page.getByRole('button', { name: 'Save link settings' }).click();
    await page.getByRole('status').filter({ hasText: 'The retailer was saved.' }).waitFor();
    await expect(page.locator('#domains-walmart').inputValue()).resolves.toBe('example.com');
    await checkPage('retailers');
  });

  it('uploads a catalog CSV with per-row results by the rules of PUT /products, and lists the products', async () => {
    await page.goto(url('/catalog'));
    const csv = [
      'name,brand,upc,sku:walmart',
      '"Acme Dish Soap, Lemon",Acme,036000291452,5551234',
      'Acme Sponge,Acme,036000291453,',
      'Acme Towels,Acme,,5551234',
    ].join('\n');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'catalog.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await eventually(async () => expect(await page.getByLabel(/CSV text/).inputValue()).toBe(csv));
    await page.getByRole('button', { name: 'Upload catalog' }).click();
    await expect(page.locator('#upload-counts').textContent()).resolves.toMatch(
      /1 created,\s+0 updated,\s+0 unchanged,\s+2\s+rejected/,
    );
    const results = page.locator('section[aria-labelledby=upload-results] tbody tr');
    await expect(results.nth(1).textContent()).resolves.toMatch(/rejected[\s\S]*upc/);
    await expect(results.nth(2).textContent()).resolves.toMatch(/rejected[\s\S]*skus\.walmart/);
    await expect(page.locator('main').textContent()).resolves.toContain('Acme Dish Soap, Lemon');
    // The code as uploaded (a UPC-A), not the stored GTIN-14 00036000291452.
    const upc = page.locator('main table').last().locator('td[data-label="UPC / EAN"]');
    expect((await upc.first().textContent())?.trim()).toBe('036000291452');
    await checkPage('catalog');

    // The same product through the REST API: the dashboard stored it for this team.
    const api = await platform.api('/products', { apiKey: team.apiKey });
    expect((api.body as { products: Array<{ name: string }> }).products.map((product) => product.name)).toEqual([
      'Acme Dish Soap, Lemon',
    ]);
    await page.getByLabel(/CSV text/).fill('name,colour\nSoap,red');
    await page.getByRole('button', { name: 'Upload catalog' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Unknown column "colour"');
  });

  it('creates an API key that works against the REST API, shows when it was used, rolls it, and revokes it', async () => {
    await page.goto(url('/developers'));
    await page.getByLabel('New key name').fill('dashboard key');
    await page.getByLabel('Expires').selectOption('30');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const apiKey = (await page.locator('#new-api-key').textContent())!.trim();
    expect(apiKey).toMatch(/^cpk_/);
    expect(page.url()).toBe(url('/developers')); // post-redirect-get: a refresh posts nothing
    const used = await platform.api('/retailers', { apiKey });
    expect(used.status).toBe(200);

    await page.reload(); // shown once
    expect(await page.content()).not.toContain(apiKey);
    const again = await page.goto(url('/developers/api-keys')); // the form's address by GET
    expect(again?.status()).toBe(200);
    expect(page.url()).toBe(url('/developers'));
    const keys = await platform.admin.request(AuthContracts.listApiKeys, { teamId: team.teamId });
    const created = keys.api_keys.filter((key) => key.name === 'dashboard key');
    expect(created).toHaveLength(1);
    const expiresIn = Date.parse(created[0]!.expires_at!) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 86_400_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 86_400_000);
    const row = page.locator('tbody tr', { hasText: 'dashboard key' });
    await expect(row.locator('td[data-label="Last used"]').textContent()).resolves.toMatch(
      /\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
    );

    // Rolling: a new key of the same name; the old one keeps working through the overlap, then expires.
    await row.getByRole('button', { name: 'Roll dashboard key' }).click();
    const rolledKey = (await page.locator('#new-api-key').textContent())!.trim();
    expect(rolledKey).not.toBe(apiKey);
    expect((await platform.api('/retailers', { apiKey: rolledKey })).status).toBe(200);
    expect((await platform.api('/retailers', { apiKey })).status).toBe(200);
    const rolled = await platform.admin.request(AuthContracts.listApiKeys, { teamId: team.teamId });
    const old = rolled.api_keys.find((key) => key.prefix === created[0]!.prefix)!;
    const overlap = Date.parse(old.expires_at!) - Date.now();
    expect(overlap).toBeGreaterThan(23 * 3_600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3_600_000);

    await page.getByRole('button', { name: 'Revoke dashboard key' }).first().click();
    await page.getByRole('status').filter({ hasText: 'The API key was revoked.' }).waitFor();
    await page.getByRole('button', { name: 'Revoke dashboard key' }).first().click();
    await page.getByRole('status').filter({ hasText: 'The API key was revoked.' }).waitFor();
    await eventually(async () => expect((await platform.api('/retailers', { apiKey })).status).toBe(401));
    await eventually(async () => expect((await platform.api('/retailers', { apiKey: rolledKey })).status).toBe(401));
  });

  it('creates a webhook destination; its test event goes straight to the endpoint, signed, touching no data', async () => {
    await page.goto(url('/developers'));
    await page.getByLabel('Name', { exact: true }).fill('receiver');
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel(/Receive simulated events/).check();
    await page.getByRole('button', { name: 'Create webhook' }).click();
    const secret = (await page.locator('#new-webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    webhookSecret = secret;
    await checkPage('developers');
    await page.getByRole('link', { name: 'Open its delivery log' }).click();
    const logUrl = page.url();
    webhookLogUrl = logUrl;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('status').filter({ hasText: 'your endpoint answered 200' }).waitFor();
    const test = receiver.requests.find((request) => request.body.includes('"evt_test_'))!;
    const headers = Object.fromEntries(Object.entries(test.headers).map(([name, value]) => [name, String(value)]));
    expect(new Webhook(secret).verify(test.body, headers)).toMatchObject({ type: 'connection.activated' });
    expect(await page.locator('main').textContent()).toContain('No deliveries yet.');
    const connections = await platform.api('/connections', { apiKey: team.apiKey });
    expect((connections.body as { connections: unknown[] }).connections).toEqual([]);

    // A real delivery to see in the log and send again: a simulated connection (this destination takes them).
    await page.goto(url('/simulator'));
    await page.getByLabel('Customer id (optional)').fill('webhook-customer');
    await page.getByLabel('With a purchase history').uncheck();
    await page.getByRole('button', { name: 'Create simulated connection' }).click();
    await page.getByRole('status').filter({ hasText: 'The simulated connection was created.' }).waitFor();
    await eventually(
      async () => {
        await page.goto(logUrl);
        await expect(page.locator('tbody tr').first().textContent()).resolves.toMatch(
          /connection\.activated[\s\S]*succeeded/,
        );
      },
      30_000,
      500,
    );
    expect(receiver.requests.some((request) => request.body.includes('connection.activated'))).toBe(true);
    await checkPage('webhook');

    await page.getByRole('button', { name: 'Retry' }).first().click();
    await page.getByRole('status').filter({ hasText: 'The delivery was sent again.' }).waitFor();
  });

  it('debugs a webhook: the delivery as sent and answered, edit and disable, replay all failed, rotate with overlap', async () => {
    await page.goto(webhookLogUrl);
    await page.locator('tbody tr').first().getByRole('link', { name: 'connection.activated' }).click();
    await page.getByRole('heading', { name: 'Delivery of connection.activated' }).waitFor();
    const headers = (await page.locator('main table').first().textContent())!;
    expect(headers).toMatch(/webhook-signature\s*v1,<redacted>/);
    expect(headers).toMatch(/webhook-id\s*[0-9A-Z]{26}/);
    const sent = receiver.requests.find((request) => request.body.includes('webhook-customer'))!;
    expect(headers).not.toContain(String(sent.headers['webhook-signature']).split(',')[1]);
    await expect(page.locator('#payload').textContent()).resolves.toContain('"customer_id": "webhook-customer"');
    await expect(page.locator('main table').last().textContent()).resolves.toMatch(/200[\s\S]*ms[\s\S]*\{\}/);
    await checkPage('delivery');

    // Edit: fewer event types, then off and on again.
    await page.goto(webhookLogUrl);
    await page.getByRole('checkbox', { name: 'purchase.created' }).uncheck();
    await page.getByRole('checkbox', { name: /Active \(unticked/ }).uncheck();
    await page.getByRole('button', { name: 'Save webhook' }).click();
    await page.getByRole('status').filter({ hasText: 'The webhook was saved.' }).waitFor();
    const facts = (await page.locator('dl.facts').textContent())!;
    expect(facts).not.toContain('purchase.created');
    expect(facts).toMatch(/Active\s*no/);
    await page.getByRole('checkbox', { name: /Active \(unticked/ }).check();
    await page.getByRole('button', { name: 'Save webhook' }).click();
    await page.getByRole('status').filter({ hasText: 'The webhook was saved.' }).waitFor();

    // A delivery that fails every attempt, replayed once the receiver is back.
    receiver.answer(500);
    await page.goto(url('/simulator'));
    await page.getByLabel('Customer id (optional)').fill('failing-customer');
    await page.getByLabel('With a purchase history').uncheck();
    await page.getByRole('button', { name: 'Create simulated connection' }).click();
    await page.getByRole('status').filter({ hasText: 'The simulated connection was created.' }).waitFor();
    await eventually(
      async () => {
        await page.goto(webhookLogUrl);
        await page.getByRole('button', { name: 'Replay all failed (1)' }).waitFor({ timeout: 500 });
      },
      30_000,
      500,
    );
    receiver.answer(200);
    await page.getByRole('button', { name: 'Replay all failed (1)' }).click();
    await page.getByRole('status').filter({ hasText: '1 failed deliveries are being sent again.' }).waitFor();
    await eventually(
      async () => {
        await page.goto(webhookLogUrl);
        expect(await page.getByRole('button', { name: /Replay all failed/ }).count()).toBe(0);
      },
      30_000,
      500,
    );

    // A new signing secret: during the overlap a delivery carries both signatures.
    await page.getByLabel('Overlap').selectOption('24');
    await page.getByRole('button', { name: 'Rotate signing secret' }).click();
    const rotated = (await page.locator('#rotated-webhook-secret').textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(webhookSecret);
    const before = receiver.requests.length;
    await page.getByRole('button', { name: 'Retry' }).first().click();
    await page.getByRole('status').filter({ hasText: 'The delivery was sent again.' }).waitFor();
    const again = await eventually(() => {
      expect(receiver.requests.length).toBeGreaterThan(before);
      return receiver.requests.at(-1)!;
    });
    const signed = Object.fromEntries(Object.entries(again.headers).map(([name, value]) => [name, String(value)]));
    expect(signed['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(rotated).verify(again.body, signed)).not.toThrow();
    expect(() => new Webhook(webhookSecret).verify(again.body, signed)).not.toThrow();
  });

  it('creates, edits and deletes loyalty integrations, and shows an award in the ledger', async () => {
    await page.goto(url('/integrations'));
    await page.getByLabel('Kind').selectOption('loyalty');
    await page.getByLabel('Adapter').selectOption('points_api');
    await page.getByLabel('Name', { exact: true }).fill('Points without a key');
    await page.getByLabel(/Base URL/).fill(receiver.url);
    await page.getByRole('button', { name: 'Create integration' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('api_key');

    await page.getByLabel('Adapter').selectOption('webhook');
    await page.getByLabel('Name', { exact: true }).fill('Rewards');
    await page.getByLabel(/Base URL/).fill(receiver.url);
    await page.getByLabel(/Points for a linked account/).fill('100');
    await page.getByLabel('Customer identifier sent to the platform').selectOption('customer_id');
    await page.getByLabel(/Award simulated connections/).check();
    await page.getByRole('button', { name: 'Create integration' }).click();
    await expect(page.locator('#new-integration-secret').textContent()).resolves.toMatch(/^whsec_/);
    await checkPage('integrations');

    await page.goto(url('/simulator'));
    await page.getByLabel('Customer id (optional)').fill('loyal-customer');
    await page.getByLabel('With a purchase history').uncheck();
    await page.getByRole('button', { name: 'Create simulated connection' }).click();
    await page.getByRole('status').filter({ hasText: 'The simulated connection was created.' }).waitFor();

    await page.goto(url('/integrations'));
    await page.getByRole('link', { name: 'Rewards' }).click();
    const detailUrl = page.url();
    await eventually(
      async () => {
        await page.goto(detailUrl);
        await expect(page.locator('tbody tr').first().textContent()).resolves.toMatch(
          /account\.linked \(simulated\)[\s\S]*100[\s\S]*succeeded/,
        );
      },
      30_000,
      500,
    );
    await page.getByLabel(/Points per dollar/).fill('2');
    await page.getByRole('button', { name: 'Save integration' }).click();
    await page.getByRole('status').filter({ hasText: 'The integration was saved' }).waitFor();
    await checkPage('integration');
    const integrationId = detailUrl.split('/').pop()!;
    const api = await platform.api(`/integrations/${integrationId}`, { apiKey: team.apiKey });
    expect(api.body).toMatchObject({ name: 'Rewards', points_per_dollar: 2, reward_on_link: 100 });

    await page.goto(url('/integrations'));
    await page.getByLabel('Kind').selectOption('marketing');
    await page.getByLabel('Adapter').selectOption('webhook');
    await page.getByLabel('Name', { exact: true }).fill('Short-lived');
    await page.getByLabel(/Base URL/).fill(receiver.url);
    await page.getByRole('button', { name: 'Create integration' }).click();
    await page.getByRole('link', { name: 'Short-lived' }).click();
    await page.getByRole('button', { name: 'Delete Short-lived' }).click();
    await page.getByRole('status').filter({ hasText: 'The integration was deleted' }).waitFor();
    await expect(page.locator('main').textContent()).resolves.not.toContain('Short-lived');
  });

  it('runs the simulator: creates a connection with purchases, changes its status', async () => {
    await page.goto(url('/simulator'));
    await page.getByLabel('Customer id (optional)').fill('sim-customer-1');
    await page.getByLabel('Email (optional)').fill('sim-shopper@example.com');
    await page.getByRole('button', { name: 'Create simulated connection' }).click();
    await page.getByRole('status').filter({ hasText: 'The simulated connection was created.' }).waitFor();
    const row = page.locator('tr', { hasText: 'sim-customer-1' });
    await row.getByRole('button', { name: 'Make unauthenticated' }).click();
    await page.getByRole('status').filter({ hasText: 'status was changed' }).waitFor();
    await expect(page.locator('tr', { hasText: 'sim-customer-1' }).textContent()).resolves.toContain('unauthenticated');
    await checkPage('simulator');
  });

  it('finds a connection by customer, shows its purchases, disconnects it with a Dashboard activity entry', async () => {
    await page.goto(url('/connections'));
    await page.getByLabel('Customer id or email').fill('CUSTOMER-1'); // part of it, any case
    await page.getByRole('button', { name: 'Search' }).click();
    // Live mode (the default) never shows simulated connections; test mode shows only them.
    await expect(page.locator('main').textContent()).resolves.toContain('No connections match.');
    await page.getByRole('button', { name: 'Test mode' }).click();
    await expect(page.locator('.test-banner').textContent()).resolves.toContain('simulated data only');
    await expect(page.getByRole('button', { name: 'Test mode' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByLabel('Customer id or email').fill('CUSTOMER-1');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await page.locator('tbody tr').count()).toBe(1);
    await expect(page.locator('tbody tr').textContent()).resolves.toContain('sim-customer-1');
    const exported = await page.request.get(url('/connections/export.csv?q=CUSTOMER-1'));
    const csvLines = (await exported.text()).trim().split('\r\n');
    expect(csvLines[0]).toBe('"connection_id","customer_id","retailer_id","status","email","tags","created_at"');
    expect(csvLines).toHaveLength(2);
    expect(csvLines[1]).toContain('"sim-customer-1"');
    await page.getByLabel('Customer id or email').fill('sim-shopper@exam');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await page.locator('tbody tr').count()).toBe(1);
    await expect(page.locator('tbody tr').textContent()).resolves.toContain('sim-customer-1');
    await checkPage('connections');
    await page.getByLabel('Customer id or email').fill('');
    await page.getByLabel('Tag (key:value)').fill('campaign:spring'); // simulated connections carry no tags
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('main').textContent()).resolves.toContain('No connections match.');
    await page.goto(url('/connections?q=sim-customer-1'));

    await page.getByRole('link', { name: 'sim-customer-1' }).click();
    const connectionId = page.url().split('/').pop()!;
    await expect(page.locator('#collection').textContent()).resolves.toContain('a simulated connection gets purchases');
    await page.getByRole('link', { name: 'Items and matched products' }).first().click();
    await page.getByRole('heading', { name: /Purchase of/ }).waitFor();
    const facts = (await page.locator('dl.facts').textContent())!;
    const lines = await page.locator('tbody tr').count();
    expect(facts).toMatch(new RegExp(`Lines\\s*${lines}\\b`));
    expect(facts).toMatch(/Units \(total quantity\)\s*\d+/);
    await checkPage('purchase');
    await page.goBack();

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('status').filter({ hasText: 'The connection was disconnected.' }).waitFor();
    const activity = page.locator('tbody tr', { hasText: 'Dashboard' });
    await expect(activity.first().textContent()).resolves.toContain(email);
    await checkPage('connection');

    const api = await platform.api(`/connections/${connectionId}/activity`, { apiKey: team.apiKey });
    const entries = (api.body as { activity: Array<{ event_source: string; source_id_name: string | null }> }).activity;
    expect(entries[0]).toMatchObject({ event_source: 'Dashboard', source_id_name: email });
  });

  it('shows the overview with the connections and purchases it has now', async () => {
    await page.goto(url('/?days=90'));
    await expect(page.locator('svg.chart desc').textContent()).resolves.toMatch(/^[1-9]\d* purchases/);
    await expect(page.locator('#webhook-health table').textContent()).resolves.toContain('receiver');
    await expect(page.locator('#integrations-health').textContent()).resolves.toMatch(/Rewards[\s\S]*yes\s*[1-9]/);
    await checkPage(null); // its screenshots come from dashboard-overview.e2e-spec.ts

    // Live: the real figures only, none of the simulated ones.
    await page.getByRole('button', { name: 'Test mode' }).click();
    await expect(page.locator('#purchases-chart').textContent()).resolves.toMatch(
      /No purchases yet\s+from real shoppers/,
    );
    expect(await page.locator('.test-banner').count()).toBe(0);
    const counts = await page.locator('.stat').allTextContents();
    expect(counts.map((count) => count.trim())).toEqual(['0', '0', '0', '0']);
  });

  it('fits a phone: a compact header, a menu that says there is more, tables as cards with their actions', async () => {
    await page.setViewportSize(PHONE);
    try {
      await page.goto(url('/developers'));
      const header = (await page.locator('header.top').boundingBox())!;
      expect(header.height).toBeLessThanOrEqual(110);
      const menu = page.locator('nav.main summary');
      await expect(menu.textContent()).resolves.toMatch(/Menu\s*·\s*Developers/);
      await menu.click();
      await page.locator('nav.main details').getByRole('link', { name: 'Partner apps' }).click();
      await page.getByRole('heading', { name: 'Partner apps', exact: true }).waitFor();
      await page.goto(url('/developers'));
      const revoke = page.getByRole('button', { name: /^Revoke / }).first();
      const box = (await revoke.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await page.goto(webhookLogUrl);
      expect(await overflow(page)).toBe(0);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('keeps the navigation on error pages, and says plainly when an address has no page', async () => {
    const missing = await page.goto(url('/no-such-page'));
    expect(missing?.status()).toBe(404);
    await expect(page.locator('main').textContent()).resolves.toContain('There is no page at this address.');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections' }).waitFor();
    await checkPage('not-found');
    const foreign = await page.goto(url('/developers/webhooks/not-a-webhook'));
    expect(foreign?.status()).toBe(404);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Developers' }).waitFor();
  });

  it('creates a partner app, rotates its secret, and disconnects its installation: its refresh token is refused', async () => {
    await page.goto(url('/apps'));
    await page.getByLabel('Name', { exact: true }).fill('Loyalty Co');
    await page.getByLabel(/Redirect URIs/).fill(REDIRECT_URI);
    await page.getByRole('button', { name: 'Create partner app' }).click();
    const clientId = (await page.locator('#new-client-id').textContent())!.trim();
    const webhookSecret = (await page.locator('#new-webhook-secret').textContent())!.trim();
    await page.getByRole('button', { name: 'Rotate secret of Loyalty Co' }).click();
    const clientSecret = (await page.locator('#rotated-client-secret').textContent())!.trim();
    const app = { clientId, clientSecret, webhookSecret, ownerTeamId: team.teamId };

    const user = { email, password: PASSWORD, teamIds: [team.teamId, otherTeam.teamId] };
    const { tokens } = await fixture.install(app, user);
    await page.goto(url('/apps'));
    await expect(page.locator('main').textContent()).resolves.toContain('connections:read');
    await checkPage('partner-apps');

    await page.getByRole('button', { name: 'Disconnect Loyalty Co' }).click();
    await page.getByRole('status').filter({ hasText: 'The app was disconnected' }).waitFor();
    const refused = await fixture.refresh(app, tokens.refresh_token);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('invites people by link with a role; the services enforce it; owners change and remove members', async () => {
    await page.goto(url('/team'));
    await page.getByLabel('Email', { exact: true }).fill('teammate@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Create invitation link' }).click();
    const link = (await page.locator('#invitation-link').textContent())!.trim();
    expect(link).toMatch(new RegExp(`^${url('/invitations/')}inv_`));
    expect(page.url()).toBe(url('/team')); // post-redirect-get
    await expect(page.locator('main').textContent()).resolves.toMatch(/teammate@example\.com\s*viewer/);
    await checkPage('team');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Create invitation link' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('already a member');

    // The invited person chooses a password and lands in the team as a viewer.
    const teammate = await browser.newContext({ viewport: DESKTOP });
    const other = await teammate.newPage();
    await other.goto(link);
    await other.getByLabel(/Choose a password/).fill('another good password');
    await other.getByRole('button', { name: 'Join Dashboard Brand' }).click();
    await other.getByRole('heading', { name: 'Overview' }).waitFor();
    await expect(other.locator('header').textContent()).resolves.toMatch(/Dashboard Brand[\s\S]*\(viewer\)/);
    expect((await other.goto(link))?.status()).toBe(404); // used up

    // A viewer's session cannot create a key: the dashboard refuses the form, and auth-server refuses the request.
    await other.goto(url('/developers'));
    const csrf = await other.locator('input[name=csrf]').first().inputValue();
    const refused = await other.request.post(url('/developers/api-keys'), { form: { csrf, name: 'viewer key' } });
    expect(refused.status()).toBe(403);
    const { members } = await platform.admin.request(AuthContracts.listTeamMembers, { teamId: team.teamId });
    const viewerId = members.find((member) => member.email === 'teammate@example.com')!.user_id;
    await expect(
      platform.admin.request(AuthContracts.createApiKey, {
        teamId: team.teamId,
        name: 'viewer key',
        actorUserId: viewerId,
      }),
    ).rejects.toMatchObject({ status: 403 });
    const keys = await platform.admin.request(AuthContracts.listApiKeys, { teamId: team.teamId });
    expect(keys.api_keys.map((key) => key.name)).not.toContain('viewer key');

    // Their own password.
    await other.goto(url('/account'));
    await other.getByLabel('Current password').fill('not my password');
    await other.getByLabel(/^New password \(/).fill('a newer good password');
    await other.getByLabel('New password again').fill('a newer good password');
    await other.getByRole('button', { name: 'Change password' }).click();
    await expect(other.getByRole('alert').textContent()).resolves.toContain('current password is wrong');
    await other.getByLabel('Current password').fill('another good password');
    await other.getByLabel(/^New password \(/).fill('a newer good password');
    await other.getByLabel('New password again').fill('a newer good password');
    await other.getByRole('button', { name: 'Change password' }).click();
    await other.getByRole('status').filter({ hasText: 'Your password was changed.' }).waitFor();
    expect(await checkPageEveryWay(other, 'account')).toEqual([]);
    await expect(
      platform.admin.request(AuthContracts.signInUser, {
        email: 'teammate@example.com',
        password: 'a newer good password',
      }),
    ).resolves.toMatchObject({ email: 'teammate@example.com' });

    // The owner makes them a developer: now the key is theirs to create.
    await page.goto(url('/team'));
    await page.getByLabel('Role of teammate@example.com', { exact: true }).selectOption('developer');
    await page.getByRole('button', { name: 'Save role of teammate@example.com' }).click();
    await page.getByRole('status').filter({ hasText: 'The role was changed' }).waitFor();
    await other.goto(url('/developers'));
    await other.getByLabel('New key name').fill('developer key');
    await other.getByRole('button', { name: 'Create API key' }).click();
    await expect(other.locator('#new-api-key').textContent()).resolves.toMatch(/cpk_/);

    // The team keeps an owner; removing the member ends their access at their next page.
    await page.getByLabel(`Role of ${email}`, { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: `Save role of ${email}` }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('at least one owner');
    await page.goto(url('/team'));
    await page.getByRole('button', { name: 'Remove teammate@example.com' }).click();
    await page.getByRole('status').filter({ hasText: 'The member was removed' }).waitFor();
    await other.goto(url('/developers'));
    expect(other.url()).toBe(url('/sign-in'));
    await teammate.close();

    // The audit log: who changed what, filtered, exported.
    await page.goto(url('/audit'));
    const log = (await page.locator('main table').textContent())!;
    for (const change of ['Member invited', 'Role changed', 'Member removed', 'API key created', 'Webhook created']) {
      expect(log).toContain(change);
    }
    expect(log).toMatch(/teammate@example\.com[\s\S]*API keys[\s\S]*API key created[\s\S]*developer key/);
    await checkPage('audit');
    await page.getByLabel('Area').selectOption('people');
    await page.getByRole('button', { name: 'Filter' }).click();
    const areas = await page.locator('td[data-label="Area"]').allTextContents();
    expect(areas.length).toBeGreaterThanOrEqual(3);
    expect(new Set(areas.map((area) => area.trim()))).toEqual(new Set(['People']));
    const csv = await page.request.get(url('/audit/export.csv?area=people'));
    expect(csv.headers()['content-type']).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('"at","person","area","change","made_to"');
    expect(lines.slice(1).every((line) => line.includes('"people"'))).toBe(true);
    expect(lines).toHaveLength(areas.length + 1);
  });

  it('sets the brand’s display name, logo, privacy page and history window with auth-server’s rules', async () => {
    await page.goto(url('/team'));
    await page.getByLabel(/Display name/).fill('Dashboard Brand Co');
    await page.getByLabel(/Logo URL/).fill('https://cdn.example.com/logo.png');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByRole('status').filter({ hasText: 'The branding was saved' }).waitFor();
    // The link pages show it within seconds: every gateway replica drops its cached profile on the change.
    const flow = await context.newPage();
    await eventually(
      async () => {
        await flow.goto(linkUrl);
        await expect(flow.locator('body').textContent()).resolves.toContain('Dashboard Brand Co');
      },
      5_000,
      250,
    );
    await flow.close();

    await page.getByLabel(/Privacy policy URL/).fill('http://example.com/privacy');
    await page.getByRole('button', { name: 'Save sharing' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/Sharing not saved: privacyPolicyUrl/);
    await page.getByLabel(/Privacy policy URL/).fill('https://example.com/privacy');
    await page.getByLabel(/History window/).fill('365');
    await page.getByRole('button', { name: 'Save sharing' }).click();
    await page.getByRole('status').filter({ hasText: 'The sharing settings were saved.' }).waitFor();
    await expect(page.getByLabel(/History window/).inputValue()).resolves.toBe('365');
    await checkPage('team-brand');

    const saved = await platform.admin.request(AuthContracts.getTeam, { teamId: team.teamId });
    expect(saved).toMatchObject({
      display_name: 'Dashboard Brand Co',
      logo_url: 'https://cdn.example.com/logo.png',
      privacy_policy_url: 'https://example.com/privacy',
      history_window_days: 365,
    });
  });

  it('switches teams (only to the user’s own) and signs out', async () => {
    await page.goto(url('/connections'));
    await page.getByLabel('Team').selectOption(otherTeam.teamId);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.goto(url('/connections'));
    await expect(page.locator('main').textContent()).resolves.toContain('No connections match.');

    const stranger = await platform.createTeam('Stranger Brand');
    const csrf = await page.locator('input[name=csrf]').first().inputValue();
    const refused = await page.request.post(url('/team'), { form: { csrf, team_id: stranger.teamId } });
    expect(refused.status()).toBe(404);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('status').filter({ hasText: 'You are signed out.' }).waitFor();
    await page.goto(url('/connections'));
    expect(page.url()).toBe(url('/sign-in'));
    expect(browserProblems).toEqual([]);
  });
});
