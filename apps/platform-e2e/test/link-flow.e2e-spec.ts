import { createServer, type Server } from 'node:http';
import { type Browser } from 'playwright-core';
import { eventually, launchChromium, TestPlatform, WebhookReceiver, type TestTeam } from '@cps/testing';

const SANDBOX_ADMIN_TOKEN = 'sandbox-admin-development-token';
/** The text of the focused element, evaluated in the page (the tests compile without DOM types). */
const FOCUSED = 'document.activeElement && document.activeElement.textContent.trim()';

/** The brand's page the flow returns to: records where the browser lands. */
async function brandSite(): Promise<{ url: string; hits: URL[]; server: Server }> {
  const hits: URL[] = [];
  const server = createServer((req, res) => {
    hits.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Thanks! Back at the brand.</p>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/linked`, hits, server };
}

async function sandbox<T>(platform: TestPlatform, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${platform.platform.service('sandbox-retailer').url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface PurchaseWebhook {
  type: string;
  data: { purchase: { purchase_id: string; connection_id: string } };
}

describe('hosted link flow in a real browser', () => {
  let platform: TestPlatform;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let brand: Awaited<ReturnType<typeof brandSite>>;
  let team: TestTeam;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      serviceEnv: {
        'sync-service': { SYNC_POLL_INTERVAL_MS: '1000', SYNC_SCHEDULER_TICK_MS: '200' },
        'events-service': { WEBHOOK_RETRY_SCHEDULE: '0,1,1,2,2,2,2,2', DELIVERY_POLL_MS: '200' },
      },
    });
    browser = await launchChromium();
    receiver = await new WebhookReceiver().start();
    brand = await brandSite();
    team = await platform.createTeam('Browser Brand');
    await platform.enableRetailers(team, ['walmart', 'target']);
    const webhook = await platform.api('/webhooks', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { url: receiver.url, event_types: ['connection.activated', 'purchase.created'] },
    });
    expect(webhook.status).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
    brand?.server.close();
    await receiver?.stop();
    await platform?.stop();
  });

  it('picks a retailer, signs in with a one-time code, lands on redirect_url; the history follows', async () => {
    const email = 'browser.shopper@example.com';
    const account = await sandbox<{ one_time_code: string }>(platform, '/admin/r/walmart/accounts', {
      email,
      password: 'correct horse battery',
      one_time_code: true,
    });
    await sandbox(platform, `/admin/r/walmart/accounts/${encodeURIComponent(email)}/orders`, {
      count: 3,
      back_date_days: 45,
    });
    const created = await platform.api('/link-tokens', {
      method: 'POST',
      apiKey: team.apiKey,
      body: { customer_id: 'browser-customer', email, tags: { channel: 'e2e' } },
    });
    expect(created.status).toBe(201);
    const linkToken = (created.body as { link_token: string }).link_token;

    // A phone-sized window.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(
      `${platform.gatewayUrl}/link?link_token=${linkToken}&redirect_url=${encodeURIComponent(brand.url)}`,
    );

    // The token was traded for a cookie: the address bar holds no token.
    expect(page.url()).toBe(`${platform.gatewayUrl}/link`);
    const cookies = await context.cookies();
    expect(cookies).toEqual([expect.objectContaining({ name: 'cps_link', httpOnly: true, sameSite: 'Lax' })]);
    expect(cookies[0]!.value).not.toContain(linkToken);
    await page.getByRole('heading', { name: 'Choose the store you shop at' }).waitFor();
    await page.getByText('Linking your account to Browser Brand').waitFor(); // the brand's name
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

    // Keyboard: the first retailer has the focus; Tab moves to the next; Enter picks it.
    expect(await page.evaluate(FOCUSED)).toBe('Target');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(FOCUSED)).toBe('Walmart');
    await page.keyboard.press('Enter');

    // The consent step comes before the sign-in; the brand's ask (365 days, the default) is selected.
    await page.getByRole('heading', { name: 'Choose what Browser Brand can see' }).waitFor();
    expect(await page.getByLabel('The last 12 months').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Agree and continue' }).click();

    await page.getByRole('heading', { name: 'Sign in to Walmart' }).waitFor();
    await page.getByRole('img', { name: 'Walmart' }).waitFor(); // the retailer's brand logo
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Enter your one-time code' }).waitFor();
    await page.getByLabel('One-time code').fill(account.one_time_code);
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.getByRole('heading', { name: 'Your Walmart account is linked' }).waitFor();
    // No click: the success page returns to redirect_url by itself.
    await page.waitForURL((url) => url.toString().startsWith(brand.url));
    const landed = new URL(page.url());
    expect(landed.searchParams.get('link_result')).toBe('success');
    const connectionId = landed.searchParams.get('connection_id')!;
    expect(connectionId).toMatch(/^[0-9A-Z]{26}$/);
    expect(brand.hits.filter((hit) => hit.pathname === '/linked')).toHaveLength(1);
    expect(await context.cookies()).toEqual([]);
    await context.close();

    // The connection is active...
    const connection = await platform.api(`/connections/${connectionId}`, { apiKey: team.apiKey });
    expect(connection.body).toMatchObject({
      status: 'active',
      customer_id: 'browser-customer',
      tags: { channel: 'e2e' },
    });

    // ...its history arrives as purchase.created webhooks...
    const delivered = await eventually(() => {
      const found = receiver
        .ofType('purchase.created')
        .map((request) => JSON.parse(request.body) as PurchaseWebhook)
        .filter((body) => body.data.purchase.connection_id === connectionId);
      if (found.length < 3) throw new Error(`${found.length} of 3 purchases delivered`);
      return found;
    }, 30_000);

    // ...and through GET /purchases (connection token + API key).
    const issued = await platform.api(`/connections/${connectionId}/token`, {
      method: 'POST',
      apiKey: team.apiKey,
      body: { scope: 'access' },
    });
    expect(issued.status).toBe(200);
    const listed = await platform.api('/purchases', {
      apiKey: team.apiKey,
      headers: { authorization: `Bearer ${(issued.body as { connection_token: string }).connection_token}` },
    });
    expect(listed.status).toBe(200);
    const ids = (listed.body as { purchases: Array<{ purchase_id: string }> }).purchases.map((p) => p.purchase_id);
    expect(ids.sort()).toEqual(delivered.map((body) => body.data.purchase.purchase_id).sort());
  });

  it('the consent step: what the brand asks for, its privacy page, and a narrower choice hiding the history', async () => {
    // A brand that asks for 90 days and has a privacy page (set before any of its link pages is shown).
    const consentBrand = await platform.createTeam('Consent Brand');
    await platform.admin.setTeamSharing({
      teamId: consentBrand.teamId,
      historyWindowDays: 90,
      privacyPolicyUrl: 'https://consent-brand.example/privacy',
    });
    const enabled = await platform.api('/retailers/walmart', {
      method: 'PATCH',
      apiKey: consentBrand.apiKey,
      body: { enabled: true },
    });
    expect(enabled.status).toBe(200);
    const hook = await platform.api('/webhooks', {
      method: 'POST',
      apiKey: consentBrand.apiKey,
      body: { url: receiver.url, event_types: ['purchase.created'] },
    });
    expect(hook.status).toBe(201);
    const email = 'consent.shopper@example.com';
    await sandbox(platform, '/admin/r/walmart/accounts', { email, password: 'consent password' });
    await sandbox(platform, `/admin/r/walmart/accounts/${encodeURIComponent(email)}/orders`, {
      count: 3,
      back_date_days: 45,
    });

    /** Links (or re-links) through the pages, answering the consent step with `choice`. */
    const link = async (choice: string, connectionId?: string) => {
      const created = await platform.api('/link-tokens', {
        method: 'POST',
        apiKey: consentBrand.apiKey,
        body: { customer_id: 'consent-customer', email },
      });
      const token = (created.body as { link_token: string }).link_token;
      const context = await browser.newContext();
      const page = await context.newPage();
      const relink = connectionId ? `&connection_id=${connectionId}` : '';
      await page.goto(
        `${platform.gatewayUrl}/link?link_token=${token}${relink}&redirect_url=${encodeURIComponent(brand.url)}`,
      );
      if (!connectionId) await page.getByRole('button', { name: 'Walmart' }).click();
      await page.getByRole('heading', { name: 'Choose what Consent Brand can see' }).waitFor();
      const options = await page
        .getByRole('radio')
        .evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value));
      expect(options).toEqual(['90', '30', '0']); // never more than the brand asks for
      const privacy = page.getByRole('link', { name: "Consent Brand's privacy policy" });
      expect(await privacy.getAttribute('href')).toBe('https://consent-brand.example/privacy');
      expect(await privacy.getAttribute('rel')).toBe('noopener noreferrer');
      await page.getByLabel(choice).check();
      await page.getByRole('button', { name: 'Agree and continue' }).click();
      await page.getByRole('heading', { name: 'Sign in to Walmart' }).waitFor();
      await page.getByLabel('Password').fill('consent password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.toString().startsWith(brand.url)); // the success page returns by itself
      const landed = new URL(page.url());
      await context.close();
      expect(landed.searchParams.get('link_result')).toBe('success');
      return landed.searchParams.get('connection_id')!;
    };
    const readable = async (connectionId: string) => {
      const issued = await platform.api(`/connections/${connectionId}/token`, {
        method: 'POST',
        apiKey: consentBrand.apiKey,
        body: { scope: 'access' },
      });
      const token = (issued.body as { connection_token: string }).connection_token;
      const listed = await platform.api('/purchases?limit=50', {
        apiKey: consentBrand.apiKey,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(listed.status).toBe(200);
      return (listed.body as { purchases: Array<{ purchase_id: string }> }).purchases.map((p) => p.purchase_id).sort();
    };
    const announced = (connectionId: string) =>
      receiver
        .ofType('purchase.created')
        .map((request) => JSON.parse(request.body) as PurchaseWebhook)
        .filter((body) => body.data.purchase.connection_id === connectionId)
        .map((body) => body.data.purchase.purchase_id)
        .sort();

    // 90 days: the 45 days of history are shared, announced and readable.
    const connectionId = await link('The last 90 days');
    const history = await eventually(() => {
      const found = announced(connectionId);
      if (found.length < 3) throw new Error(`${found.length} of 3 purchases announced`);
      return found;
    }, 30_000);
    expect(await readable(connectionId)).toEqual(history);

    // Re-linking changes it: "only purchases from now on" hides the history from the API at once...
    expect(await link('None: only purchases from now on', connectionId)).toBe(connectionId);
    expect(await readable(connectionId)).toEqual([]);

    // ...while a new purchase is shared and announced as before.
    await sandbox(platform, `/admin/r/walmart/accounts/${encodeURIComponent(email)}/orders`, { count: 1 });
    const after = await eventually(() => {
      const found = announced(connectionId).filter((id) => !history.includes(id));
      if (found.length < 1) throw new Error('the new purchase was not announced yet');
      return found;
    }, 30_000);
    expect(await readable(connectionId)).toEqual(after);
  });
});
