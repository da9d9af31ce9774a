import { BrowserlessFlow, csrf, OAuthFixture, pkcePair, REDIRECT_URI, type PartnerAppFixture } from '@cps/testing';

describe('auth-server: GET /oauth/authorize and the interaction pages', () => {
  let fx: OAuthFixture;
  let app: PartnerAppFixture;
  const { challenge } = pkcePair();

  beforeAll(async () => {
    fx = await OAuthFixture.start();
    app = await fx.createApp();
  });
  afterAll(() => fx?.stop());

  const open = (overrides: Record<string, string | null>, clientId = app.clientId) =>
    new BrowserlessFlow(fx.authUrl).get(fx.authorizeUrl(clientId, challenge, overrides));

  describe('errors shown on a page (the redirect URI cannot be trusted)', () => {
    // Every row has three entries: jest reads a longer parameter list as a `done` callback.
    it.each<[string, Record<string, string | null>, string | undefined]>([
      ['missing client_id', { client_id: null }, undefined],
      ['unknown client_id', {}, 'cpa_unknown'],
      ['missing redirect_uri', { redirect_uri: null }, undefined],
      ['unregistered redirect_uri', { redirect_uri: 'https://evil.example/cb' }, undefined],
      ['redirect_uri differing only by a trailing slash', { redirect_uri: `${REDIRECT_URI}/` }, undefined],
    ])('%s', async (_name, overrides, clientId) => {
      const step = await open(overrides, clientId);
      expect(step.status).toBe(400);
      expect(step.location).toBeNull();
      expect(step.body).toContain('invalid_request');
      expect(step.headers.get('x-frame-options')).toBe('DENY');
    });

    it('a repeated client_id', async () => {
      const url = `${fx.authorizeUrl(app.clientId, challenge)}&client_id=${app.clientId}`;
      const step = await new BrowserlessFlow(fx.authUrl).get(url);
      expect(step.status).toBe(400);
      expect(step.location).toBeNull();
    });
  });

  describe('errors sent back to the redirect URI with state', () => {
    it.each<[string, Record<string, string | null>, string]>([
      ['missing response_type', { response_type: null }, 'invalid_request'],
      ['response_type token', { response_type: 'token' }, 'unsupported_response_type'],
      ['missing resource', { resource: null }, 'invalid_request'],
      ['another resource', { resource: 'https://api.other.example' }, 'invalid_target'],
      ['resource with a trailing slash', { resource: 'TRAILING' }, 'invalid_target'],
      ['a subset of the scopes', { scope: 'connections:read purchases:brand_products' }, 'invalid_scope'],
      ['an extra scope', { scope: 'connections:read retailers:read purchases:brand_products openid' }, 'invalid_scope'],
      [
        'a duplicated scope',
        { scope: 'connections:read retailers:read retailers:read purchases:brand_products' },
        'invalid_scope',
      ],
      [
        'an unknown scope in place of one',
        { scope: 'connections:read retailers:write purchases:brand_products' },
        'invalid_scope',
      ],
      [
        'scopes separated by two spaces',
        { scope: 'connections:read  retailers:read purchases:brand_products' },
        'invalid_scope',
      ],
      ['an empty scope', { scope: '' }, 'invalid_scope'],
      ['missing code_challenge', { code_challenge: null }, 'invalid_request'],
      ['a code_challenge that is not a SHA-256 digest', { code_challenge: 'short' }, 'invalid_request'],
      ['missing code_challenge_method', { code_challenge_method: null }, 'invalid_request'],
      ['code_challenge_method plain', { code_challenge_method: 'plain' }, 'invalid_request'],
      ['a request object', { request: 'eyJ.x.y' }, 'request_not_supported'],
    ])('%s', async (_name, overrides, error) => {
      const state = 'state-value-123';
      const resolved = overrides.resource === 'TRAILING' ? { ...overrides, resource: `${fx.baseUrl}/` } : overrides;
      const step = await open({ state, ...resolved });
      expect(step.status).toBe(303);
      const location = new URL(step.location!);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe(state);
      expect(location.searchParams.get('iss')).toBe(fx.authUrl);
      expect(location.searchParams.has('code')).toBe(false);
    });

    it('missing state -> invalid_request without state', async () => {
      const step = await open({ state: null });
      const location = new URL(step.location!);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.has('state')).toBe(false);
    });

    it('a repeated scope parameter', async () => {
      const url = `${fx.authorizeUrl(app.clientId, challenge, { state: 's1', scope: 'connections:read retailers:read purchases:brand_products' })}&scope=connections:read`;
      const step = await new BrowserlessFlow(fx.authUrl).get(url);
      expect(new URL(step.location!).searchParams.get('error')).toBe('invalid_request');
    });
  });

  describe('valid requests', () => {
    it.each<[string, Record<string, string | null>]>([
      ['scope omitted', {}],
      ['the three scopes in order', { scope: 'connections:read retailers:read purchases:brand_products' }],
      ['the three scopes in another order', { scope: 'purchases:brand_products connections:read retailers:read' }],
    ])('%s -> the sign-in page', async (_name, overrides) => {
      const flow = new BrowserlessFlow(fx.authUrl);
      const step = await flow.follow(await flow.get(fx.authorizeUrl(app.clientId, challenge, overrides)));
      expect(step.status).toBe(200);
      expect(step.body).toContain('name="password"');
      expect(step.body).toContain('Loyalty Co');
      expect(step.headers.get('x-frame-options')).toBe('DENY');
      expect(step.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(step.headers.get('cache-control')).toBe('no-store');
    });

    it('POST to the authorization endpoint is refused', async () => {
      const step = await new BrowserlessFlow(fx.authUrl).post(`${fx.authUrl}/oauth/authorize`, {
        client_id: app.clientId,
      });
      expect(step.status).toBe(405);
    });
  });

  describe('sign-in, team picker and consent', () => {
    it('a user in one team goes from sign-in straight to consent naming the app, team and scopes', async () => {
      const user = await fx.createUser(1);
      const flow = new BrowserlessFlow(fx.authUrl);
      let step = await flow.follow(await flow.get(fx.authorizeUrl(app.clientId, challenge)));
      step = await flow.follow(
        await flow.post(flow.action(step), { csrf: csrf(step), email: user.email, password: user.password }),
      );
      expect(step.body).toContain('name="decision"');
      expect(step.body).not.toContain('type="radio"');
      expect(step.body).toContain('Loyalty Co');
      expect(step.body).toContain('Brand 1');
      for (const scope of ['connections:read', 'retailers:read', 'purchases:brand_products'])
        expect(step.body).toContain(scope);
    });

    it('a user in two teams picks the team first, and the code is for that team', async () => {
      const user = await fx.createUser(2);
      const flow = new BrowserlessFlow(fx.authUrl);
      let step = await flow.follow(await flow.get(fx.authorizeUrl(app.clientId, challenge)));
      step = await flow.follow(
        await flow.post(flow.action(step), { csrf: csrf(step), email: user.email, password: user.password }),
      );
      expect(step.body).toContain('type="radio"');
      expect(step.body).toContain(user.teamIds[0]);
      expect(step.body).toContain(user.teamIds[1]);

      const code = await fx.code(app, user, { team: user.teamIds[1] });
      const answer = await fx.exchange(app, code);
      expect(answer.body.service_client_id).toBe(user.teamIds[1]);
    });

    it('"use another account" on the consent page signs in someone else, and the code is theirs', async () => {
      const [ann, bob] = [await fx.createUser(1), await fx.createUser(1)];
      const { verifier, challenge: ownChallenge } = pkcePair();
      const flow = new BrowserlessFlow(fx.authUrl);
      let step = await flow.follow(await flow.get(fx.authorizeUrl(app.clientId, ownChallenge)));
      step = await flow.follow(
        await flow.post(flow.action(step), { csrf: csrf(step), email: ann.email, password: ann.password }),
      );
      expect(step.body).toContain('Connected Purchases');
      expect(step.body).toContain(`Signed in as <strong>${ann.email}</strong>`);
      expect(step.body).toContain(`take you back to <strong>${new URL(REDIRECT_URI).host}</strong>`);
      const switchHref = /href="([^"]+\?switch=1)"/.exec(step.body)![1]!;

      step = await flow.get(`${fx.authUrl}${switchHref}`);
      expect(step.body).toContain('name="password"');
      expect(step.body).toContain(`You are signed in as <strong>${ann.email}</strong>`);
      const wrong = await flow.post(flow.action(step), { csrf: csrf(step), email: bob.email, password: 'wrong' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toContain(`Keep using ${ann.email}`);
      step = await flow.follow(
        await flow.post(flow.action(wrong), { csrf: csrf(wrong), email: bob.email, password: bob.password }),
      );
      expect(step.body).toContain('name="decision"');
      expect(step.body).toContain(`Signed in as <strong>${bob.email}</strong>`);
      expect(/name="team" value="([^"]+)"/.exec(step.body)![1]).toBe(bob.teamIds[0]);

      const done = await flow.follow(
        await flow.post(flow.action(step), { csrf: csrf(step), team: bob.teamIds[0]!, decision: 'allow' }),
      );
      const code = new URL(done.location!).searchParams.get('code')!;
      const answer = await fx.exchange(app, { code, verifier });
      expect(answer.status).toBe(200);
      expect(answer.body.service_client_id).toBe(bob.teamIds[0]);
    });

    it('a wrong password shows the sign-in page again', async () => {
      const user = await fx.createUser(1);
      const flow = new BrowserlessFlow(fx.authUrl);
      const page = await flow.follow(await flow.get(fx.authorizeUrl(app.clientId, challenge)));
      const step = await flow.post(flow.action(page), {
        csrf: csrf(page),
        email: user.email,
        password: 'wrong password',
      });
      expect(step.status).toBe(401);
      expect(step.body).toContain('Wrong email or password');
    });

    it('a form without the CSRF token, or from another origin, is refused', async () => {
      const user = await fx.createUser(1);
      const flow = new BrowserlessFlow(fx.authUrl);
      const page = await flow.follow(await flow.get(fx.authorizeUrl(app.clientId, challenge)));
      const credentials = { email: user.email, password: user.password };
      expect((await flow.post(flow.action(page), credentials)).status).toBe(403);
      expect((await flow.post(flow.action(page), { ...credentials, csrf: 'forged' })).status).toBe(403);
      const crossSite = await flow.post(
        flow.action(page),
        { ...credentials, csrf: csrf(page) },
        { origin: 'https://evil.example' },
      );
      expect(crossSite.status).toBe(403);
    });

    it('denying consent sends access_denied with the state back', async () => {
      const user = await fx.createUser(1);
      const callback = await new BrowserlessFlow(fx.authUrl).authorize(
        fx.authorizeUrl(app.clientId, challenge, { state: 'deny-state' }),
        user,
        { decision: 'deny' },
      );
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(callback.searchParams.get('state')).toBe('deny-state');
      expect(callback.searchParams.has('code')).toBe(false);
    });

    it('approving sends the code with the state and iss back', async () => {
      const user = await fx.createUser(1);
      const callback = await new BrowserlessFlow(fx.authUrl).authorize(
        fx.authorizeUrl(app.clientId, challenge, { state: 'ok-state' }),
        user,
      );
      expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
      expect(callback.searchParams.get('code')).toBeTruthy();
      expect(callback.searchParams.get('state')).toBe('ok-state');
      expect(callback.searchParams.get('iss')).toBe(fx.authUrl);
    });
  });

  it('publishes RFC 8414 metadata and the JWKS', async () => {
    const metadata = (await (await fetch(`${fx.authUrl}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(metadata).toMatchObject({
      issuer: fx.authUrl,
      authorization_endpoint: `${fx.authUrl}/oauth/authorize`,
      token_endpoint: `${fx.authUrl}/oauth/token`,
      revocation_endpoint: `${fx.authUrl}/oauth/revoke`,
      jwks_uri: `${fx.authUrl}/jwks`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
      registration_endpoint: `${fx.authUrl}/oauth/register`,
      grant_types_supported: ['authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
    });
    const jwks = (await (await fetch(`${fx.authUrl}/jwks`)).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys[0]).toMatchObject({ kid: expect.any(String), alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect((await fetch(`${fx.authUrl}/.well-known/oauth-authorization-server/elsewhere`)).status).toBe(404);
  });
});
