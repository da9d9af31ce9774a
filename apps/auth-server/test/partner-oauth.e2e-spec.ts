import { createServer, type Server } from 'node:http';
import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { chromium, type Browser } from 'playwright-core';
import { OAuthFixture, FULL_SCOPE } from '@cps/testing';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const insecure = { [oauth.allowInsecureRequests]: true };

/** The partner app's callback endpoint: records where the browser lands. */
async function callbackServer(): Promise<{ url: string; hits: URL[]; server: Server }> {
  const hits: URL[] = [];
  const server = createServer((req, res) => {
    hits.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Connected. You can close this window.</p>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/oauth/callback`, hits, server };
}

describe('partner OAuth end to end: a standard client library and a real browser', () => {
  let fx: OAuthFixture;
  let browser: Browser;
  let callback: Awaited<ReturnType<typeof callbackServer>>;

  beforeAll(async () => {
    fx = await OAuthFixture.start(['auth-server', 'sync-service', 'api-gateway']);
    callback = await callbackServer();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    callback?.server.close();
    await fx?.stop();
  });

  it('discovers, signs in, picks a team, consents, exchanges, calls the API, refreshes and revokes', async () => {
    const app = await fx.createApp('Reviews Co', { redirectUris: [callback.url] });
    const user = await fx.createUser(2);
    const [, chosenTeam] = user.teamIds as [string, string];
    await fx.platform.admin.enableRetailer(chosenTeam, 'walmart').catch(() => undefined);

    // Discovery (RFC 8414) with the library's own issuer checks.
    const issuer = new URL(fx.authUrl);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    const client: oauth.Client = { client_id: app.clientId };
    const clientAuth = oauth.ClientSecretBasic(app.clientSecret);

    // PKCE and state, as the library makes them.
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorizationUrl = new URL(as.authorization_endpoint!);
    authorizationUrl.search = new URLSearchParams({
      response_type: 'code',
      client_id: app.clientId,
      redirect_uri: callback.url,
      resource: fx.baseUrl,
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    }).toString();

    // The browser part: sign-in, team picker, consent.
    const page = await (await browser.newContext()).newPage();
    await page.goto(authorizationUrl.toString());
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /Which team should Reviews Co get access to/ }).waitFor();
    await page.locator(`input[name="team"][value="${chosenTeam}"]`).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: /Reviews Co wants access to Brand 2/ }).waitFor();
    for (const scope of FULL_SCOPE.split(' ')) await expect(page.getByText(scope).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.toString().startsWith(callback.url));
    const landed = callback.hits.filter((hit) => hit.pathname === '/oauth/callback').at(-1)!;

    // Back in the partner's backend: the library checks state and iss, then exchanges the code.
    const parameters = oauth.validateAuthResponse(as, client, landed, state);
    const exchanged = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        parameters,
        callback.url,
        codeVerifier,
        insecure,
      ),
    );
    expect(exchanged).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      refresh_token_expires_in: 2_592_000,
      scope: FULL_SCOPE,
      service_client_id: chosenTeam,
    });
    expect(decodeJwt(exchanged.access_token)).toMatchObject({
      iss: fx.authUrl,
      aud: fx.baseUrl,
      client_id: app.clientId,
      scope: FULL_SCOPE,
      service_client_id: chosenTeam,
    });

    // The access token works on the API without an API key.
    const retailers = await fetch(`${fx.baseUrl}/retailers`, {
      headers: { authorization: `Bearer ${exchanged.access_token}` },
    });
    expect(retailers.status).toBe(200);
    expect(((await retailers.json()) as { retailers: unknown[] }).retailers).toEqual(expect.any(Array));

    // /oauth/me identifies the installation.
    const me = await fetch(`${fx.authUrl}/oauth/me`, {
      headers: { authorization: `Bearer ${exchanged.access_token}` },
    });
    await expect(me.json()).resolves.toEqual({
      service_client_id: chosenTeam,
      client_id: app.clientId,
      scope: FULL_SCOPE,
    });

    // Refresh with the library.
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, exchanged.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).not.toBe(exchanged.refresh_token);
    expect(refreshed).toMatchObject({ scope: FULL_SCOPE, service_client_id: chosenTeam, expires_in: 900 });

    // Revocation with the library: the installation is deactivated and the refresh token is dead.
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, clientAuth, refreshed.refresh_token!, insecure),
    );
    await expect(fx.installation(app.clientId, chosenTeam)).resolves.toMatchObject({ status: 'deactivated' });
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshed.refresh_token!, insecure),
      ),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses to be framed', async () => {
    const page = await (await browser.newContext()).newPage();
    const response = await page.goto(`${fx.authUrl}/oauth/authorize?client_id=unknown`);
    expect(response!.status()).toBe(400);
    expect(response!.headers()['x-frame-options']).toBe('DENY');
    expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
