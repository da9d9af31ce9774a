import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { TestPlatform } from '@cps/testing';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The committed screenshot is refreshed only on request (`UPDATE_SCREENSHOTS=1`); a plain run writes to `.data/`. */
const SCREENSHOT = resolve(
  import.meta.dirname,
  process.env.UPDATE_SCREENSHOTS === '1' ? '../../../docs/screenshots' : '../../../.data/screenshots',
  'api-docs.png',
);

/**
 * The reference at `/docs` in a real browser: Swagger UI from the gateway's own files renders the
 * operations of `/openapi.json` under the page's Content-Security-Policy (no inline script, no CDN).
 */
describe('api-gateway /docs in Chromium', () => {
  let platform: TestPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['api-gateway'] });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('renders every tag and a known operation, with nothing blocked or fetched from elsewhere', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    const problems: string[] = [];
    const foreign: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(platform.gatewayUrl)) foreign.push(request.url());
    });

    const response = await page.goto(`${platform.gatewayUrl}/docs`);
    expect(response?.status()).toBe(200);
    await page
      .locator('.opblock')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch((error: Error) => {
        throw new Error(
          `${error.message}\nbrowser errors: ${JSON.stringify(problems)}; foreign: ${JSON.stringify(foreign)}`,
        );
      });

    const operation = page.locator('.opblock-summary', { hasText: '/connections/{connection_id}/activity' }).first();
    await expect(operation.isVisible()).resolves.toBe(true);
    await expect(operation.locator('.opblock-summary-method').textContent()).resolves.toBe('GET');
    for (const tag of ['Connections', 'Purchases', 'Retailers', 'Link tokens', 'Webhooks']) {
      await expect(page.locator('.opblock-tag', { hasText: tag }).first().isVisible()).resolves.toBe(true);
    }
    await expect(page.locator('.scheme-container .authorize').isVisible()).resolves.toBe(true);

    // One operation opened, as a reader would: its examples and error responses.
    await operation.click();
    await page.locator('.opblock.is-open .responses-table').first().waitFor();
    const responses = await page.locator('.opblock.is-open .response-col_status').allTextContents();
    expect(responses.map((status) => status.trim())).toEqual(
      expect.arrayContaining(['200', '401', '404', '422', '429']),
    );

    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: false });
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
