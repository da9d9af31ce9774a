import { type Browser, type Page } from 'playwright-core';
import { eventually, launchChromium, TestPlatform, type TestTeam } from '@cps/testing';

/**
 * The theme block on the sandbox storefront, in a real browser: the customer signs in at the shop, links a retailer
 * through the hosted link flow (one-time code), comes back to the shop page, loses the retailer session, signs in
 * again from the block, and disconnects. Every request of the block goes through the sandbox's app proxy, signed
 * as the storefront platform signs it, to storefront-proxy.
 */

const SANDBOX_ADMIN_TOKEN = 'sandbox-admin-development-token';
const SHOP = 'sandbox-shop.myshopify.com';
const PROXY_SECRET = 'sandbox-storefront-app-proxy-development-secret';
const ADMIN_API_TOKEN = 'shpat_sandbox_storefront_development_token';
const EMAIL = 'block.shopper@example.com';
const SHOP_PASSWORD = 'shop password 1';
const RETAILER_PASSWORD = 'correct horse battery';

async function post<T>(url: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe('theme block on the sandbox storefront, in a real browser', () => {
  let platform: TestPlatform;
  let browser: Browser;
  let team: TestTeam;
  let shopUrl: string;
  let oneTimeCode: string;

  const sandboxRetailer = <T>(path: string, body: unknown) =>
    post<T>(`${platform.platform.service('sandbox-retailer').url}/admin/r/walmart${path}`, body, {
      authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}`,
    });

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: [
        'api-gateway',
        'auth-server',
        'sync-service',
        'storefront-proxy',
        'sandbox-retailer',
        'sandbox-storefront',
      ],
      serviceEnv: {
        'sync-service': { SYNC_POLL_INTERVAL_MS: '1000', SYNC_SCHEDULER_TICK_MS: '200' },
        'storefront-proxy': { STOREFRONT_API_KEY_CACHE_MS: '0', STOREFRONT_CUSTOMER_CACHE_MS: '0' },
      },
    });
    browser = await launchChromium();
    team = await platform.createTeam('Block Brand');
    await platform.enableRetailers(team, ['walmart', 'target']);
    // Shoppers see the brand's display name, not the team's internal name; a logo must be an https address.
    await expect(
      platform.admin.setTeamBranding(team.teamId, 'Block Rewards', 'http://insecure.example/logo.png'),
    ).rejects.toThrow(/logoUrl/);
    await expect(platform.admin.setTeamBranding(team.teamId, 'Block Rewards', null)).resolves.toMatchObject({
      name: 'Block Brand',
      display_name: 'Block Rewards',
      logo_url: null,
    });
    shopUrl = platform.platform.service('sandbox-storefront').url;
    await platform.admin.connectShop({
      shop: SHOP,
      secret: PROXY_SECRET,
      apiKey: team.apiKey,
      storefrontUrl: `${shopUrl}/`,
      adminApiUrl: shopUrl,
      adminToken: ADMIN_API_TOKEN,
    });
    await post(
      `${shopUrl}/admin/api/2024-10/customers.json`,
      { customer: { email: EMAIL, password: SHOP_PASSWORD, first_name: 'Robin' } },
      { 'x-shopify-access-token': ADMIN_API_TOKEN },
    );
    ({ one_time_code: oneTimeCode } = await sandboxRetailer<{ one_time_code: string }>('/accounts', {
      email: EMAIL,
      password: RETAILER_PASSWORD,
      one_time_code: true,
    }));
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const row = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

  /** The consent, retailer sign-in and one-time code steps of the hosted flow, then back to the shop by itself. */
  async function signInAtRetailer(page: Page, password: string, consent = true): Promise<string> {
    // The consent step comes first, every time (a re-link asks again, from the current choice).
    if (consent) await page.getByRole('button', { name: 'Agree and continue' }).click();
    await page.getByRole('heading', { name: 'Sign in to Walmart' }).waitFor();
    await page.getByText('Linking your account to Block Rewards').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(EMAIL); // from the shop's customer record
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Enter your one-time code' }).waitFor();
    await page.getByLabel('One-time code').fill(oneTimeCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Your Walmart account is linked' }).waitFor();
    await page.waitForURL((url) => url.origin === shopUrl && url.pathname === '/'); // no click
    await page.getByRole('status').filter({ hasText: 'Your Walmart account is linked.' }).waitFor();
    // The block took link_result and connection_id out of the address.
    expect(new URL(page.url()).search).toBe('');
    return (await connectionOf('walmart')).connection_id;
  }

  async function connectionOf(retailerId: string) {
    const listed = await platform.api(`/connections?retailer_id=${retailerId}`, { apiKey: team.apiKey });
    const connections = (
      listed.body as { connections: Array<{ connection_id: string; customer_id: string; status: string }> }
    ).connections;
    expect(connections.every((connection) => connection.customer_id.startsWith(`${SHOP}:`))).toBe(true);
    return connections[0]!;
  }

  it('signs in, links Walmart, loses the session, signs in again from the block, disconnects', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const scriptErrors: string[] = [];
    page.on('pageerror', (error) => scriptErrors.push(error.message));
    page.on('console', (message) => {
      // Browsers ask every origin for a favicon; neither the shop nor the API has one.
      const where = message.location().url;
      if (message.type() === 'error' && !where.endsWith('/favicon.ico'))
        scriptErrors.push(`${message.text()} ${where}`);
    });

    // A visitor is invited to sign in (the merchant shows the block to everyone).
    await page.goto(`${shopUrl}/`);
    const block = page.getByRole('region', { name: 'Link your store accounts' });
    await block.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(SHOP_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${shopUrl}/`);

    // Signed in: the brand's retailers, none linked yet.
    await row(page, 'Walmart').waitFor();
    expect(await row(page, 'Walmart').getAttribute('data-status')).toBe('none');
    expect(await row(page, 'Target').getAttribute('data-status')).toBe('none');
    await page.getByRole('button', { name: 'Link your Walmart account' }).click();

    // The hosted link flow, bound to this customer's connection, back to the shop page showing `active`.
    await page.waitForURL((url) => url.toString().startsWith(platform.gatewayUrl));
    const connectionId = await signInAtRetailer(page, RETAILER_PASSWORD);
    await row(page, 'Walmart').and(page.locator('[data-status="active"]')).waitFor();
    expect(await row(page, 'Walmart').getByText('Linked').isVisible()).toBe(true);
    expect((await connectionOf('walmart')).status).toBe('active');

    // The retailer session is lost (the password changed at the retailer): the next poll notices.
    await sandboxRetailer(`/accounts/${encodeURIComponent(EMAIL)}/password`, { password: 'a new password 2' });
    await eventually(async () => {
      const status = (await connectionOf('walmart')).status;
      if (status !== 'unauthenticated') throw new Error(`still ${status}`);
    }, 30_000);
    await page.reload();
    await row(page, 'Walmart').and(page.locator('[data-status="unauthenticated"]')).waitFor();
    await page.getByRole('button', { name: 'Sign in again to Walmart' }).click();

    // Re-link the same connection: consent again, then the sign-in page says why.
    await page.getByRole('button', { name: 'Agree and continue' }).click();
    await page.getByText('Your Walmart sign-in stopped working').waitFor();
    expect(await signInAtRetailer(page, 'a new password 2', false)).toBe(connectionId);
    await row(page, 'Walmart').and(page.locator('[data-status="active"]')).waitFor();
    expect((await connectionOf('walmart')).status).toBe('active');

    // Disconnect from the block.
    await page.getByRole('button', { name: 'Disconnect Walmart' }).click();
    await page.getByRole('status').filter({ hasText: 'Your Walmart account is disconnected.' }).waitFor();
    expect(await row(page, 'Walmart').getAttribute('data-status')).toBe('disconnected');
    await row(page, 'Walmart').getByRole('button', { name: 'Link your Walmart account' }).waitFor();
    expect((await connectionOf('walmart')).status).toBe('disconnected');

    expect(scriptErrors).toEqual([]); // nothing the CSP refused, nothing thrown
    await context.close();
  });
});
