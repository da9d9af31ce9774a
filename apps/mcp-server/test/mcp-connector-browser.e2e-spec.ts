import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Browser, type Page } from 'playwright-core';
import { SyncContracts } from '@cps/contracts';
import { accessibilityProblems, eventually, launchChromium, OAuthFixture, REDIRECT_URI } from '@cps/testing';
import { MemoryProvider } from './memory-oauth-provider.js';

/** Committed screenshots are refreshed only on request (`UPDATE_SCREENSHOTS=1`); a plain run writes to `.data/`. */
const SCREENSHOTS = resolve(
  import.meta.dirname,
  process.env.UPDATE_SCREENSHOTS === '1' ? '../../../docs/screenshots' : '../../../.data/screenshots',
);
const ACTOR = { source: 'API' as const, idType: null, idName: 'mcp browser test' };

async function checkPage(page: Page, name: string): Promise<void> {
  expect(await accessibilityProblems(page)).toEqual([]);
  // The platform's name on every page, and where the app sends the browser afterwards.
  await page.getByText('Connected Purchases', { exact: true }).first().waitFor();
  await page
    .getByText(`take you back to ${new URL(REDIRECT_URI).host}`)
    .first()
    .waitFor();
  await page.screenshot({ path: resolve(SCREENSHOTS, `connector-${name}.png`), fullPage: true });
}

/**
 * The connector flow as an MCP host runs it, with the SDK's own client and a real browser for the pages:
 * 401 -> protected-resource discovery -> dynamic registration -> Chromium sign-in, team picker and consent (axe-core
 * in light and dark, keyboard only on the consent page, a phone-sized consent page) -> token -> tools/list and
 * every tool.
 */
describe('MCP connector end to end in Chromium', () => {
  let fixture: OAuthFixture;
  let browser: Browser;

  beforeAll(async () => {
    fixture = await OAuthFixture.start([
      'auth-server',
      'sync-service',
      'matching-service',
      'mcp-server',
      'api-gateway',
    ]);
    browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await fixture?.stop();
  });

  it('registers, signs in, picks a team, consents in the browser and calls every tool', async () => {
    const user = await fixture.createUser(2);
    const chosenTeam = user.teamIds[1]!;
    const connection = await fixture.platform.admin.request(SyncContracts.createSimulatedConnection, {
      teamId: chosenTeam,
      actor: ACTOR,
      retailer_id: 'walmart',
      include_purchases: false,
    });
    for (let n = 0; n < 2; n += 1) {
      await fixture.platform.admin.request(SyncContracts.createSimulatedPurchase, {
        teamId: chosenTeam,
        connectionId: connection.connection_id,
      });
    }

    const mcpUrl = new URL(fixture.platform.mcpUrl);
    const provider = new MemoryProvider();
    const firstTry = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 'test', version: '1.0.0' }).connect(firstTry)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(provider.client?.client_id).toMatch(/^mcpc_/);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(provider.authorizationUrl!.toString());
    await page.getByRole('heading', { level: 1, name: 'Sign in to authorize Test MCP client' }).waitFor();
    await checkPage(page, 'sign-in');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { level: 1, name: 'Which team should Test MCP client get access to?' }).waitFor();
    await page.getByText(`Signed in as ${user.email}`).first().waitFor();
    await page.getByRole('link', { name: 'Use another account' }).waitFor();
    await checkPage(page, 'team-picker');
    await page.getByRole('radio', { name: 'Brand 2' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { level: 1, name: 'Test MCP client wants access to Brand 2' }).waitFor();
    await page.getByText('Ask questions about your data').waitFor();
    await checkPage(page, 'consent');
    await page.setViewportSize({ width: 390, height: 844 });
    const allow = page.getByRole('button', { name: 'Allow' });
    const box = (await allow.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'connector-consent-phone.png'), fullPage: true });
    // Keyboard only: Tab reaches "Use another account", then Allow, and Enter submits.
    await page.getByRole('link', { name: 'Use another account' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement?.getAttribute("value")')).resolves.toBe('allow');
    // The MCP host's loopback callback (nothing listens there in this test): the browser is sent to it with the code.
    const callback = page.waitForRequest((request) => request.url().startsWith(REDIRECT_URI));
    await page.keyboard.press('Enter');
    const code = new URL((await callback).url()).searchParams.get('code');
    await context.close();

    expect(code).toBeTruthy();
    await firstTry.finishAuth(code!);
    expect(provider.saved?.scope).toBe('mcp:read');
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'get_data_model', 'get_retailers']);
    const structured = (result: unknown) =>
      (result as { structuredContent: Record<string, unknown> }).structuredContent;
    const model = structured(await client.callTool({ name: 'get_data_model', arguments: {} }));
    expect((model.tables as unknown[]).length).toBeGreaterThan(0);
    const retailers = structured(await client.callTool({ name: 'get_retailers', arguments: { include: 'all' } }));
    expect(JSON.stringify(retailers)).toContain('walmart');
    // The connector answers for the team chosen in the browser (the other team has no purchases).
    const counted = await eventually(async () => {
      const result = structured(await client.callTool({ name: 'ask', arguments: { question: 'How many purchases' } }));
      if ((result.results as Array<{ purchases: number }>)[0]?.purchases !== 2) throw new Error('not projected yet');
      return result;
    });
    expect(counted.results).toEqual([{ purchases: 2 }]);
    await client.close();
  });
});
