import { type Browser, type Page } from 'playwright-core';
import { AuthContracts, StorefrontContracts } from '@cps/contracts';
import { launchChromium, OAuthFixture, REDIRECT_URI, type TestTeam } from '@cps/testing';
import { checkPageEveryWay, DESKTOP, watchDashboardPage } from './dashboard-browser.js';

const PASSWORD = 'correct horse battery';
const NEW_URI = 'https://loyalty.example/oauth/callback';

/**
 * What a team manages of the apps around it, in Chromium against the real services: a partner app's redirect URIs
 * (auth-server's rules, shown as refusals), the MCP connectors authorized on the team (disconnect revokes the
 * token), the storefront shops linked to it (disconnect removes the shop's key); each page checked by
 * `checkPageEveryWay` (axe, light and dark, 1280 and 375 px, screenshots); another team's app, connector or shop is 404 to a forged form and stays as it is.
 */
describe('dashboard: partner apps, MCP connectors and storefront shops in Chromium', () => {
  let fixture: OAuthFixture;
  let browser: Browser;
  let page: Page;
  let team: TestTeam;
  let otherTeam: TestTeam;
  let stranger: TestTeam;
  const user = { email: 'apps-user@example.com', password: PASSWORD, teamIds: [] as string[] };
  let browserProblems: string[] = [];

  beforeAll(async () => {
    fixture = await OAuthFixture.start([
      'auth-server',
      'sync-service',
      'events-service',
      'storefront-proxy',
      'dashboard',
    ]);
    const platform = fixture.platform;
    team = await platform.createTeam('Apps Brand');
    otherTeam = await platform.createTeam('Apps Brand Two');
    stranger = await platform.createTeam('Stranger Brand');
    user.teamIds = [team.teamId, otherTeam.teamId];
    await platform.admin.createUser(user.email, PASSWORD, user.teamIds);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    browserProblems = watchDashboardPage(page);

    await page.goto(url('/sign-in'));
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    // The session starts in the user's first team.
    await expect(page.locator('#team-switch').inputValue()).resolves.toBe(team.teamId);
  }, 300_000); // five services and a browser on a busy machine

  afterAll(async () => {
    await browser?.close();
    await fixture?.stop();
  });

  const url = (path: string) => `${fixture.platform.dashboardUrl}${path}`;

  async function checkPage(name: string): Promise<void> {
    expect(await checkPageEveryWay(page, name)).toEqual([]);
  }

  /** A form posted with the session's CSRF token but made up by hand (what a forged or stale form would send). */
  async function post(path: string, form: Record<string, string>) {
    const csrf = await page.locator('input[name=csrf]').first().inputValue();
    return page.request.post(url(path), { form: { csrf, ...form }, maxRedirects: 0 });
  }

  it('edits a partner app’s redirect URIs by auth-server’s rules', async () => {
    const app = await fixture.platform.admin.createPartnerApp(team.teamId, 'Loyalty Co', [REDIRECT_URI]);
    const foreign = await fixture.platform.admin.createPartnerApp(stranger.teamId, 'Foreign Co', [REDIRECT_URI]);

    await page.goto(url('/apps'));
    await page.getByRole('link', { name: 'Edit the redirect URIs of Loyalty Co' }).click();
    await page.getByRole('heading', { name: 'Partner app Loyalty Co' }).waitFor();
    const field = page.getByLabel(/^Redirect URIs/);
    await expect(field.inputValue()).resolves.toBe(REDIRECT_URI);

    await field.fill(`${REDIRECT_URI}\nhttp://loyalty.example/callback`);
    await page.getByRole('button', { name: 'Save redirect URIs' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/not saved: .*must use https/);
    // The refused text stays in the field to be corrected.
    await expect(page.getByLabel(/^Redirect URIs/).inputValue()).resolves.toContain('http://loyalty.example/callback');
    await checkPage('partner-app-edit');

    await page.getByLabel(/^Redirect URIs/).fill(`${REDIRECT_URI}\n${NEW_URI}`);
    await page.getByRole('button', { name: 'Save redirect URIs' }).click();
    await page.getByRole('status').filter({ hasText: 'The redirect URIs were saved' }).waitFor();
    await expect(page.locator('main').textContent()).resolves.toContain(NEW_URI);
    const { partner_apps } = await fixture.platform.admin.request(AuthContracts.listPartnerApps, {
      teamId: team.teamId,
    });
    expect(partner_apps[0]!.redirect_uris).toEqual([REDIRECT_URI, NEW_URI]);

    // Another team's app: 404 on its page and to a forged form, and its list stays as it was.
    expect((await page.goto(url(`/apps/${foreign.client_id}`)))?.status()).toBe(404);
    await page.goto(url('/apps'));
    const forged = await post(`/apps/${foreign.client_id}/redirect-uris`, { redirect_uris: 'https://evil.example/cb' });
    expect(forged.status()).toBe(404);
    const foreignApps = await fixture.platform.admin.request(AuthContracts.listPartnerApps, {
      teamId: stranger.teamId,
    });
    expect(foreignApps.partner_apps[0]!.redirect_uris).toEqual([REDIRECT_URI]);
    // Without the CSRF token nothing runs.
    const noToken = await page.request.post(url(`/apps/${app.client_id}/redirect-uris`), {
      form: { redirect_uris: 'https://evil.example/cb' },
    });
    expect(noToken.status()).toBe(403);
  });

  it('lists the team’s MCP connectors and disconnects one: its refresh token is refused', async () => {
    const mine = await fixture.connectConnector(user, { team: team.teamId, name: 'Desk Assistant' });
    const theirs = await fixture.connectConnector(user, {
      team: otherTeam.teamId,
      name: 'Other Team Assistant',
      scope: 'mcp:read retailers:read',
    });

    await page.goto(url('/connectors'));
    const row = page.locator('tbody tr', { hasText: 'Desk Assistant' });
    await expect(row.textContent()).resolves.toMatch(/mcp:read[\s\S]*UTC[\s\S]*UTC/);
    await expect(page.locator('main').textContent()).resolves.not.toContain('Other Team Assistant');
    await checkPage('connectors');

    // The other team's connector, forged into this team's form: 404, and it keeps working.
    const forged = await post('/connectors/disconnect', { client_id: theirs.clientId });
    expect(forged.status()).toBe(404);
    const stillWorks = await fixture.connectorToken(theirs.clientId, {
      grant_type: 'refresh_token',
      refresh_token: theirs.tokens.refresh_token,
    });
    expect(stillWorks.status).toBe(200);

    await page.getByRole('button', { name: 'Disconnect Desk Assistant' }).click();
    await page.getByRole('status').filter({ hasText: 'The connector was disconnected' }).waitFor();
    await expect(page.locator('main').textContent()).resolves.toContain('No MCP connector is authorized');
    const refused = await fixture.connectorToken(mine.clientId, {
      grant_type: 'refresh_token',
      refresh_token: mine.tokens.refresh_token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('lists the storefront shops linked to the team and disconnects one', async () => {
    const connect = (shop: string, apiKey: string, adminToken?: string) =>
      fixture.platform.admin.connectShop({
        shop,
        secret: 'app-proxy-secret-of-a-test-shop',
        apiKey,
        ...(adminToken ? { adminToken } : {}),
      });
    await connect('apps-brand.myshopify.com', team.apiKey, 'shpat_admin_token');
    await connect('stranger.myshopify.com', stranger.apiKey);

    await page.goto(url('/shops'));
    const row = page.locator('tbody tr', { hasText: 'apps-brand.myshopify.com' });
    await expect(row.textContent()).resolves.toMatch(/UTC[\s\S]*everyone[\s\S]*yes/);
    await expect(page.locator('main').textContent()).resolves.not.toContain('stranger.myshopify.com');
    await checkPage('shops');

    const forged = await post('/shops/disconnect', { shop: 'stranger.myshopify.com' });
    expect(forged.status()).toBe(404);
    const strangers = await fixture.platform.admin.request(StorefrontContracts.listTeamShops, {
      teamId: stranger.teamId,
    });
    expect(strangers.shops.map((shop) => shop.shop)).toEqual(['stranger.myshopify.com']);

    await page.getByRole('button', { name: 'Disconnect apps-brand.myshopify.com' }).click();
    await page.getByRole('status').filter({ hasText: 'The shop was disconnected' }).waitFor();
    await expect(page.locator('main').textContent()).resolves.toContain('No storefront shop is linked');
    const after = await fixture.platform.admin.request(StorefrontContracts.listTeamShops, { teamId: team.teamId });
    expect(after.shops).toEqual([]);
    expect(browserProblems).toEqual([]);
  });
});
