import { chromium, type Browser, type BrowserContext, type Response } from 'playwright-core';
import { OAuthFixture } from '@cps/testing';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Page {
  url: string;
  status: number;
  headers: Record<string, string>;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** What every HTML page of the platform must send, as a list of what this one lacks. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  const policy = page.headers['content-security-policy'];
  if (!policy) return ['no Content-Security-Policy'];
  const csp = directives(policy);
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? ['*'];
  if (scripts.some((source) => ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:'].includes(source))) {
    problems.push(`scripts allowed from ${scripts.join(' ')}`);
  }
  if (!csp.has('frame-ancestors')) problems.push('no frame-ancestors');
  if (!csp.has('base-uri')) problems.push('no base-uri');
  if (!page.headers['referrer-policy']) problems.push('no Referrer-Policy');
  if (page.headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  return problems;
}

/**
 * Every HTML page a person sees (the API reference, the hosted link flow, partner sign-in and consent, the brand
 * dashboard), fetched by a real browser: strict CSP without inline or eval'd scripts, never framed, a referrer policy,
 * no MIME sniffing; and every cookie HttpOnly and SameSite (Secure follows the public URL's scheme, http here).
 */
describe('security headers and cookies of every HTML page', () => {
  let fixture: OAuthFixture;
  let browser: Browser;
  let context: BrowserContext;
  const pages: Page[] = [];

  beforeAll(async () => {
    fixture = await OAuthFixture.start(['api-gateway', 'auth-server', 'sync-service', 'sandbox-retailer', 'dashboard']);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    context = await browser.newContext();
    context.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'document') return;
      const type = response.headers()['content-type'] ?? '';
      if (type.includes('text/html')) {
        pages.push({ url: response.url(), status: response.status(), headers: response.headers() });
      }
    });
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.stop();
  });

  it('sends them on each page of the gateway and auth-server', async () => {
    const platform = fixture.platform;
    const page = await context.newPage();

    await page.goto(`${platform.gatewayUrl}/docs`);

    const team = await platform.createTeam('Headers Brand');
    const token = await platform.api('/link-tokens', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { customer_id: 'headers-customer' },
    });
    expect(token.status).toBe(201);
    const linkToken = (token.body as { link_token: string }).link_token;
    await page.goto(`${platform.gatewayUrl}/link?link_token=${linkToken}&redirect_url=https://brand.example/back`);
    await page.goto(`${platform.gatewayUrl}/link?link_token=lt_v1_${'x'.repeat(43)}`); // the dead-end page

    const app = await fixture.createApp('Headers Co');
    const user = await fixture.createUser(2);
    await page.goto(fixture.authorizeUrl(app.clientId, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'));
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Continue' }).waitFor(); // the team picker

    // The brand dashboard: its sign-in page and the pages that need only auth-server and sync-service.
    await page.goto(`${platform.dashboardUrl}/sign-in`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${platform.dashboardUrl}/`);
    for (const path of ['/connections', '/retailers', '/simulator']) await page.goto(`${platform.dashboardUrl}${path}`);

    const seen = pages.map((entry) => `${entry.status} ${new URL(entry.url).pathname}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        '200 /docs',
        '200 /link',
        expect.stringMatching(/^4\d\d \/link$/),
        expect.stringMatching(/^200 \/oauth\/interaction\//),
        '200 /sign-in',
        '200 /connections',
        '200 /retailers',
        '200 /simulator',
      ]),
    );
    expect(pages.map((entry) => ({ page: `${entry.status} ${entry.url}`, problems: problemsOf(entry) }))).toEqual(
      pages.map((entry) => ({ page: `${entry.status} ${entry.url}`, problems: [] })),
    );

    const cookies = await context.cookies();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect({ name: cookie.name, httpOnly: cookie.httpOnly, sameSite: cookie.sameSite }).toEqual({
        name: cookie.name,
        httpOnly: true,
        sameSite: expect.stringMatching(/^(Lax|Strict)$/),
      });
    }
  });
});
