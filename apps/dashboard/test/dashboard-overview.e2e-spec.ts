import { readFile } from 'node:fs/promises';
import { type Browser, type Page } from 'playwright-core';
import { SyncContracts } from '@cps/contracts';
import { eventually, launchChromium, TestPlatform, type TestTeam } from '@cps/testing';
import pg from 'pg';
import { checkPageEveryWay, DESKTOP, watchDashboardPage } from './dashboard-browser.js';

const PASSWORD = 'correct horse battery';
const DAY_MS = 86_400_000;
/** A customer id a spreadsheet would run as a formula, with a comma and quotes a CSV must quote. */
const FORMULA_CUSTOMER = '=HYPERLINK("http://evil.example","a, b")';
/** Catalog names: one with a quote and a comma, one a spreadsheet would run. */
const FIZZ = 'Fizz "Lime", 12 pk';
const FORMULA_PRODUCT = '=SUM(A1) Bundle';

/** `days` days before today (UTC), at noon. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10) + 'T12:00:00Z';
const dayOf = (days: number) => daysAgo(days).slice(0, 10);

/**
 * The overview in Chromium against the real services, over purchases seeded at known days before today: preset and
 * custom ranges in the URL, the previous period's delta, the chart's axes, the per-retailer table, test mode's empty
 * state, CSV downloads (quoted, formulas neutralised); the page checked by `checkPageEveryWay`.
 */
describe('dashboard overview in Chromium', () => {
  let platform: TestPlatform;
  let db: pg.Client;
  let browser: Browser;
  let page: Page;
  let team: TestTeam;
  const email = 'overview-user@example.com';
  let browserProblems: string[] = [];
  let secondConnection = '';

  const url = (path: string) => `${platform.dashboardUrl}${path}`;

  async function connection(customerId: string, retailerId: string): Promise<string> {
    const { connection_id } = await platform.admin.request(SyncContracts.createConnection, {
      teamId: team.teamId,
      actor: { source: 'API', idType: 'client_api_key', idName: 'seed' },
      customer_id: customerId,
      retailer_id: retailerId,
    });
    await db.query(`UPDATE sync.connections SET status = 'active', history_window_days = 3650 WHERE id = $1`, [
      connection_id,
    ]);
    return connection_id;
  }

  let seq = 0;
  /**
   * A stored purchase of one item whose purchase.collected event is still to be recorded: sync-service's
   * reconciliation (every second here) publishes it and matching-service matches the item to the catalog.
   */
  async function purchase(
    connectionId: string,
    ago: number,
    item: { upc: string | null; price: string; quantity: number },
  ) {
    const id = `OVB-${(seq += 1)}`;
    const total = (Number(item.price) * item.quantity).toFixed(2);
    await db.query(
      `INSERT INTO sync.purchases (id, team_id, connection_id, retailer_id, date, purchase_type, items_subtotal, total)
       SELECT $1, team_id, id, retailer_id, $3, 'online', $4, $4 FROM sync.connections WHERE id = $2`,
      [id, connectionId, daysAgo(ago), total],
    );
    await db.query(
      `INSERT INTO sync.purchase_items (id, purchase_id, position, name, upc, price, quantity)
       VALUES ($1 || '-0', $1, 0, 'A shelf item', $2, $3, $4)`,
      [id, item.upc, item.price, item.quantity],
    );
  }

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['auth-server', 'sync-service', 'matching-service', 'events-service', 'api-gateway', 'dashboard'],
      serviceEnv: { 'sync-service': { PURCHASE_RECONCILE_INTERVAL_MS: '1000' } },
    });
    db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
    team = await platform.createTeam('Overview Brand');
    await platform.admin.createUser(email, PASSWORD, [team.teamId]);
    await platform.enableRetailers(team, ['walmart', 'target']);
    const first = await connection(FORMULA_CUSTOMER, 'walmart');
    const second = (secondConnection = await connection('shopper-2', 'target'));
    const catalog = await platform.api('/products', {
      method: 'PUT',
      apiKey: team.apiKey,
      body: [
        { name: FIZZ, brand: 'Fizz', upc: '012345678905' },
        { name: FORMULA_PRODUCT, brand: 'Bundles', upc: '036000291452' },
      ],
    });
    expect(catalog.status).toBe(200);
    await purchase(first, 1, { upc: '012345678905', price: '5.00', quantity: 2 });
    await purchase(second, 2, { upc: '036000291452', price: '20.00', quantity: 1 });
    await purchase(first, 3, { upc: '012345678905', price: '5.00', quantity: 1 });
    await purchase(second, 10, { upc: null, price: '2.50', quantity: 3 }); // last 30 days, not last 7
    await purchase(first, 40, { upc: '012345678905', price: '4.00', quantity: 1 }); // the 30 days before the last 30
    // Every item is matched (the unmatched one too, as "none") before the pages are read.
    await eventually(async () => {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM matching.item_matches WHERE team_id = $1`, [
        team.teamId,
      ]);
      if (rows[0].n < 5) throw new Error(`${rows[0].n} of 5 items matched`);
    });

    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: DESKTOP, acceptDownloads: true })).newPage();
    browserProblems = watchDashboardPage(page);
    await page.goto(url('/sign-in'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
  }, 300_000); // six services and a browser on a busy machine

  afterAll(async () => {
    await browser?.close();
    await db?.end();
    await platform?.stop();
  });

  const figure = async (name: string) => ({
    value: (await page.locator(`#figure-${name} .figure-value`).textContent())!.trim(),
    delta: (await page.locator(`#figure-${name} .delta`).textContent())!.trim(),
  });

  it('shows the last 30 days by default with the previous 30 days’ delta and a chart with ticks', async () => {
    await expect(page.locator('#period').textContent()).resolves.toContain(`${dayOf(29)} to ${dayOf(0)}`);
    expect(await figure('purchases')).toEqual({ value: '4', delta: '+3 (+300%)' });
    expect(await figure('shoppers')).toEqual({ value: '2', delta: '+1 (+100%)' });
    expect(await figure('spend')).toEqual({ value: '42.50', delta: '+38.50 (+962.5%)' });
    expect(await figure('units')).toEqual({ value: '7', delta: '+6 (+600%)' });
    const chart = page.locator('#purchases-chart svg.chart');
    await expect(chart.locator('desc').textContent()).resolves.toMatch(/^4 purchases from /);
    await expect(chart.locator('.y-tick').allTextContents()).resolves.toEqual(['0', '1']);
    const xTicks = await chart.locator('.x-tick').allTextContents();
    expect(xTicks).toHaveLength(6);
    expect(xTicks[5]).toBe(
      new Date(Date.now()).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    );
    expect(await chart.locator('rect.bar').count()).toBe(30);
    await expect(chart.locator('rect.bar title').nth(27).textContent()).resolves.toBe(
      `${dayOf(2)}: 1 purchases, 20.00 spend`,
    );
    await expect(page.locator('.chart-total').textContent()).resolves.toContain('4 purchases in 30 days');
    await checkPage('overview');
  });

  it('changes the range by preset and by custom days, each in the URL', async () => {
    await page.getByRole('link', { name: 'Last 7 days' }).click();
    await page.waitForURL(/\?days=7$/);
    expect(await figure('purchases')).toEqual({ value: '3', delta: '+2 (+200%)' });
    await expect(page.getByRole('link', { name: 'Last 7 days' }).getAttribute('aria-current')).resolves.toBe('true');
    expect(await page.locator('#purchases-chart rect.bar').count()).toBe(7);

    await page.getByLabel('From', { exact: true }).fill(dayOf(45));
    await page.getByLabel('To', { exact: true }).fill(dayOf(35));
    await page.getByRole('button', { name: 'Show range' }).click();
    await page.waitForURL(new RegExp(`from=${dayOf(45)}&to=${dayOf(35)}`));
    expect(await figure('purchases')).toEqual({ value: '1', delta: '+1 (none before)' });
    // The link opens the same view.
    await page.goto(page.url());
    expect(await figure('spend')).toEqual({ value: '4.00', delta: '+4.00 (none before)' });

    await page.goto(url(`/?from=${dayOf(1)}&to=${dayOf(3)}`));
    await expect(page.getByRole('alert').textContent()).resolves.toContain('comes after');
  });

  it('lists retailers and downloads each overview table as CSV for the range on screen', async () => {
    await page.goto(url('/?days=7'));
    await expect(page.locator('#per-retailer tbody tr').allTextContents()).resolves.toEqual([
      expect.stringMatching(/Walmart\s*2\s*1\s*15.00\s*3/),
      expect.stringMatching(/Target\s*1\s*1\s*20.00\s*1/),
    ]);
    const link = page.locator('#per-retailer').getByRole('link', { name: 'Download CSV' });
    await expect(link.getAttribute('href')).resolves.toBe('?days=7&format=csv&table=retailers');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('overview-retailers.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toBe(
      '"Retailer","Purchases","Shoppers","Spend","Units"\r\n"Walmart","2","1","15.00","3"\r\n"Target","1","1","20.00","1"\r\n',
    );
  });

  it('lists the catalog products bought most, and their CSV quotes the name and neutralises the formula', async () => {
    await page.goto(url('/?days=7'));
    await expect(page.locator('#top-products tbody tr').allTextContents()).resolves.toEqual([
      expect.stringMatching(/Fizz "Lime", 12 pk\s*Fizz\s*012345678905\s*3\s*15.00/),
      expect.stringMatching(/=SUM\(A1\) Bundle\s*Bundles\s*036000291452\s*1\s*20.00/),
    ]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#top-products').getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('overview-top-products.csv');
    expect(await readFile((await download.path())!, 'utf8')).toBe(
      '"Product","Brand","UPC","Units","Spend"\r\n' +
        '"Fizz ""Lime"", 12 pk","Fizz","012345678905","3","15.00"\r\n' +
        '"\'=SUM(A1) Bundle","Bundles","036000291452","1","20.00"\r\n',
    );
    // The last 30 days add no product: the item of ten days ago matched none.
    await page.goto(url('/?days=30'));
    expect(await page.locator('#top-products tbody tr').count()).toBe(2);
  });

  it('downloads list pages as CSV with quoted cells and formulas neutralised', async () => {
    await page.goto(url('/connections'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('"connection_id","customer_id","retailer_id","status","email","tags","created_at"');
    expect(lines).toContainEqual(
      expect.stringMatching(/^"[^"]+","'=HYPERLINK\(""http:\/\/evil\.example"",""a, b""\)","walmart"/),
    );
  });

  it('says "No purchases yet" in test mode, where the live purchases are not counted', async () => {
    await page.goto(url('/?days=90'));
    await page.getByRole('button', { name: 'Test mode' }).click();
    await expect(page.locator('#purchases-chart').textContent()).resolves.toMatch(/No purchases yet\s+in test mode/);
    expect(await figure('purchases')).toEqual({ value: '0', delta: 'no change' });
    expect(await page.locator('#per-retailer').count()).toBe(0);
    await checkPage('overview-empty');
    await page.getByRole('button', { name: 'Test mode' }).click();
  });

  it('shows changes made through the REST API with an API key in the audit log, refused ones not', async () => {
    const actor = 'API key Overview Brand key';
    const webhook = await platform.api('/webhooks', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { url: 'https://hooks.example.com/cps', event_types: ['purchase.created'] },
    });
    expect(webhook.status).toBe(201);
    const connectionId = secondConnection;
    expect(
      (
        await platform.api(`/connections/${connectionId}`, {
          method: 'PATCH',
          apiKey: team.apiKey,
          body: { email: 'x@example.com' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await platform.api('/retailers/nope', { method: 'PATCH', apiKey: team.apiKey, body: { enabled: true } })).status,
    ).toBe(404);

    const rows = await eventually(async () => {
      await page.goto(url(`/audit?actor=${encodeURIComponent(actor)}`));
      const found = await Promise.all(
        (await page.locator('tbody tr').all()).map(async (row) =>
          (await row.locator('td').allTextContents()).map((cell) => cell.trim()).join(' | '),
        ),
      );
      if (found.length < 5) throw new Error(`${found.length} entries so far`);
      return found;
    });
    // Newest first: the webhook, the connection, the catalog upload, the two retailers (setup); not the refused one.
    expect(rows).toEqual([
      expect.stringMatching(
        new RegExp(` \\| ${actor} \\| Connections \\| Connection updated \\| ${secondConnection}$`),
      ),
      expect.stringMatching(
        / \| API key Overview Brand key \| Webhooks \| Webhook created \| https:\/\/hooks\.example\.com\/cps$/,
      ),
      expect.stringMatching(/ \| API key Overview Brand key \| Catalog \| Catalog uploaded \| 2 rows$/),
      expect.stringMatching(
        / \| API key Overview Brand key \| Retailers \| Retailer settings changed \| (walmart|target)$/,
      ),
      expect.stringMatching(
        / \| API key Overview Brand key \| Retailers \| Retailer settings changed \| (walmart|target)$/,
      ),
    ]);
    await expect(page.locator('#actor option', { hasText: actor }).count()).resolves.toBe(1);
  });

  it('met no script error or failed load', () => {
    expect(browserProblems).toEqual([]);
  });

  async function checkPage(name: string): Promise<void> {
    expect(await checkPageEveryWay(page, name)).toEqual([]);
  }
});
