import { decodeJwt, decodeProtectedHeader } from 'jose';
import { FULL_SCOPE, OAuthFixture, REDIRECT_URI, type PartnerAppFixture } from '@cps/testing';

const LEGACY_SCOPE = 'connections:read purchases:brand_products';

describe('auth-server: POST /oauth/token, /oauth/revoke, GET /oauth/me and installations', () => {
  let fx: OAuthFixture;
  let app: PartnerAppFixture;

  beforeAll(async () => {
    fx = await OAuthFixture.start();
    app = await fx.createApp('Loyalty Co', { webhookUrl: 'https://loyalty.example/hooks' });
  });
  afterAll(() => fx?.stop());
  afterEach(() => fx.resetClock());

  const me = async (accessToken: string) => {
    const response = await fetch(`${fx.authUrl}/oauth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      headers: response.headers,
    };
  };

  describe('partner app registration', () => {
    it.each(['https://169.254.169.254/hooks', 'https://10.0.0.8/hooks', 'https://[fd00::1]/hooks'])(
      'refuses a webhook URL on a private or metadata address: %s',
      async (webhookUrl) => {
        const refusal = (await fx.createApp('Internal Co', { webhookUrl }).catch((error: unknown) => error)) as {
          getStatus(): number;
          getResponse(): unknown;
        };
        expect(refusal.getStatus()).toBe(422);
        expect(JSON.stringify(refusal.getResponse())).toMatch(/private or internal address/);
      },
    );

    it('accepts a loopback webhook URL outside production (the development allowlist)', async () => {
      await expect(fx.createApp('Local Co', { webhookUrl: 'http://127.0.0.1:9/hooks' })).resolves.toMatchObject({
        clientId: expect.stringMatching(/^cpa_/),
      });
    });
  });

  describe('authorization_code', () => {
    it('answers exactly the seed fields plus service_client_id, and activates the installation', async () => {
      const user = await fx.createUser();
      const answer = await fx.exchange(app, await fx.code(app, user));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(Object.keys(answer.body).sort()).toEqual(
        [
          'access_token',
          'expires_in',
          'refresh_token',
          'refresh_token_expires_in',
          'scope',
          'service_client_id',
          'token_type',
        ].sort(),
      );
      expect(answer.body).toMatchObject({
        token_type: 'Bearer',
        expires_in: 900,
        refresh_token_expires_in: 2_592_000,
        scope: FULL_SCOPE,
        service_client_id: user.teamIds[0],
      });
      expect(answer.body.refresh_token).toMatch(/^cprt_[A-Za-z0-9_-]{43}$/);

      const token = answer.body.access_token as string;
      expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt', kid: expect.any(String) });
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({
        iss: fx.authUrl,
        aud: fx.baseUrl,
        client_id: app.clientId,
        scope: FULL_SCOPE,
        service_client_id: user.teamIds[0],
        sub: expect.any(String),
        jti: expect.any(String),
      });
      expect(claims.exp! - claims.iat!).toBe(900);

      await expect(fx.installation(app.clientId, user.teamIds[0]!)).resolves.toMatchObject({
        status: 'active',
        scope: FULL_SCOPE,
      });
      const [activated] = (await fx.events('auth.installation.activated.v1')).filter(
        (e) => e.teamId === user.teamIds[0],
      );
      expect(activated!.data).toMatchObject({
        clientId: app.clientId,
        teamId: user.teamIds[0],
        webhookUrl: 'https://loyalty.example/hooks',
        previousStatus: null,
      });

      const { rows } = await fx.db.query('SELECT token_hash FROM auth.refresh_tokens');
      expect(JSON.stringify(rows)).not.toContain(answer.body.refresh_token as string);
    });

    it('a code works once; its reuse is invalid_grant and revokes what it issued', async () => {
      const user = await fx.createUser();
      const code = await fx.code(app, user);
      const first = await fx.exchange(app, code);
      expect(first.status).toBe(200);
      const again = await fx.exchange(app, code);
      expect(again.status).toBe(400);
      expect(again.body.error).toBe('invalid_grant');
      expect((await fx.refresh(app, first.body.refresh_token as string)).body.error).toBe('invalid_grant');
    });

    it('a code expires after 10 minutes', async () => {
      const user = await fx.createUser();
      const code = await fx.code(app, user);
      await fx.advanceClock(600);
      const answer = await fx.exchange(app, code);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: 'invalid_grant',
        error_description: expect.stringContaining('expired'),
      });
    });

    it('a code is still good just before 10 minutes', async () => {
      const user = await fx.createUser();
      const code = await fx.code(app, user);
      await fx.advanceClock(590);
      expect((await fx.exchange(app, code)).status).toBe(200);
    });

    it.each<[string, (code: { code: string; verifier: string }) => Record<string, string>, number, string]>([
      ['a wrong verifier', () => ({ code_verifier: 'x'.repeat(43) }), 400, 'invalid_grant'],
      ['a verifier shorter than 43', (c) => ({ code_verifier: c.verifier.slice(0, 42) }), 400, 'invalid_request'],
      ['a verifier longer than 128', () => ({ code_verifier: 'a'.repeat(129) }), 400, 'invalid_request'],
      ['a missing verifier', () => ({ code_verifier: '' }), 400, 'invalid_request'],
      ['a different redirect_uri', () => ({ redirect_uri: 'http://127.0.0.1:8765/other' }), 400, 'invalid_grant'],
      ['a missing redirect_uri', () => ({ redirect_uri: '' }), 400, 'invalid_request'],
      ['an unknown code', () => ({ code: 'not-a-code' }), 400, 'invalid_grant'],
    ])('%s is refused, and the code stays usable', async (_name, change, status, error) => {
      const user = await fx.createUser();
      const code = await fx.code(app, user);
      const answer = await fx.exchange(app, code, change(code));
      expect(answer.status).toBe(status);
      expect(answer.body.error).toBe(error);
      expect((await fx.exchange(app, code)).status).toBe(200);
    });

    it('a wrong client secret, a missing Basic header or another app -> 401 invalid_client / invalid_grant', async () => {
      const user = await fx.createUser();
      const code = await fx.code(app, user);
      const wrongSecret = await fx.token(
        app,
        { grant_type: 'authorization_code', code: code.code, redirect_uri: REDIRECT_URI, code_verifier: code.verifier },
        'cpas_wrong',
      );
      expect(wrongSecret.status).toBe(401);
      expect(wrongSecret.body.error).toBe('invalid_client');
      expect(wrongSecret.headers.get('www-authenticate')).toMatch(/^Basic/);

      const noBasic = await fetch(`${fx.authUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: code.code,
          client_id: app.clientId,
          client_secret: app.clientSecret,
        }),
      });
      expect(noBasic.status).toBe(401);

      const other = await fx.createApp('Other App');
      const stolen = await fx.exchange(other, code);
      expect(stolen.body.error).toBe('invalid_grant');
      expect((await fx.exchange(app, code)).status).toBe(200);
    });

    it('refuses JSON bodies and unknown grant types', async () => {
      const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
      const json = await fetch(`${fx.authUrl}/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x' }),
      });
      expect(json.status).toBe(400);
      expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
      expect((await fx.token(app, { grant_type: 'client_credentials' })).body.error).toBe('unsupported_grant_type');
    });

    it('a rotated client secret replaces the old one at once', async () => {
      const rotating = await fx.createApp('Rotating');
      const user = await fx.createUser();
      const code = await fx.code(rotating, user);
      const { client_secret } = await fx.platform.admin.rotatePartnerAppSecret(rotating.clientId);
      expect((await fx.exchange(rotating, code)).status).toBe(401);
      expect((await fx.exchange({ ...rotating, clientSecret: client_secret }, code)).status).toBe(200);
    });
  });

  describe('refresh_token (seed refresh rules)', () => {
    it('rule 1: a refresh keeps the three scopes and returns new tokens with a new 30-day lifetime', async () => {
      const { tokens } = await fx.install(app);
      await fx.advanceClock(3600);
      const answer = await fx.refresh(app, tokens.refresh_token);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        token_type: 'Bearer',
        expires_in: 900,
        refresh_token_expires_in: 2_592_000,
        scope: FULL_SCOPE,
      });
      expect(answer.body.refresh_token).not.toBe(tokens.refresh_token);
      expect(answer.body.access_token).not.toBe(tokens.access_token);
      expect(answer.body.service_client_id).toBe(tokens.service_client_id);
    });

    it('rules 3 and 4: a retry inside 60 minutes returns the same replacement and a fresh access token, without extending anything', async () => {
      const { tokens } = await fx.install(app);
      const first = await fx.refresh(app, tokens.refresh_token);
      await fx.advanceClock(30 * 60);
      const retry = await fx.refresh(app, tokens.refresh_token);
      expect(retry.status).toBe(200);
      expect(retry.body.refresh_token).toBe(first.body.refresh_token);
      expect(retry.body.access_token).not.toBe(first.body.access_token);
      // The replacement's expiry is not extended: 30 days from the rotation, minus the (real) seconds that passed.
      expect(retry.body.refresh_token_expires_in).toBeLessThanOrEqual(2_592_000 - 30 * 60);
      expect(retry.body.refresh_token_expires_in).toBeGreaterThan(2_592_000 - 30 * 60 - 10);
      await fx.advanceClock(29 * 60);
      expect((await fx.refresh(app, tokens.refresh_token)).body.refresh_token).toBe(first.body.refresh_token);
      // The window is measured from the rotation, not from the retries.
      await fx.advanceClock(60);
      const late = await fx.refresh(app, tokens.refresh_token);
      expect(late.status).toBe(400);
      expect(late.body.error).toBe('invalid_grant');
    });

    it('rule 5: a retry after the window is invalid_grant, revokes the tokens and disconnects the installation', async () => {
      const { tokens, user } = await fx.install(app);
      const first = await fx.refresh(app, tokens.refresh_token);
      await fx.advanceClock(60 * 60);
      const late = await fx.refresh(app, tokens.refresh_token);
      expect(late.status).toBe(400);
      expect(late.body.error).toBe('invalid_grant');
      expect((await fx.refresh(app, first.body.refresh_token as string)).body.error).toBe('invalid_grant');
      await expect(fx.installation(app.clientId, user.teamIds[0]!)).resolves.toMatchObject({ status: 'disconnected' });
      const [event] = (await fx.events('auth.installation.disconnected.v1')).filter(
        (e) => e.teamId === user.teamIds[0],
      );
      expect(event!.data).toMatchObject({
        clientId: app.clientId,
        reason: 'refresh_token_reuse',
        webhookUrl: 'https://loyalty.example/hooks',
      });
    });

    it('rule 4/5: once the replacement is used, the previous token is an older token: reuse disconnects', async () => {
      const { tokens, user } = await fx.install(app);
      const second = await fx.refresh(app, tokens.refresh_token);
      const third = await fx.refresh(app, second.body.refresh_token as string);
      expect(third.status).toBe(200);
      const reuse = await fx.refresh(app, tokens.refresh_token);
      expect(reuse.status).toBe(400);
      expect(reuse.body.error).toBe('invalid_grant');
      expect((await fx.refresh(app, third.body.refresh_token as string)).body.error).toBe('invalid_grant');
      await expect(fx.installation(app.clientId, user.teamIds[0]!)).resolves.toMatchObject({ status: 'disconnected' });
      const { rows } = await fx.db.query(
        `SELECT count(*)::int AS live FROM auth.refresh_tokens rt JOIN auth.installations i ON i.id = rt.installation_id
         WHERE i.client_id = $1 AND i.team_id = $2 AND rt.revoked_at IS NULL`,
        [app.clientId, user.teamIds[0]],
      );
      expect(rows[0].live).toBe(0);
    });

    it('rule 2: concurrent refreshes of one installation are serialised and all get the same replacement', async () => {
      const { tokens, user } = await fx.install(app);
      const answers = await Promise.all(Array.from({ length: 5 }, () => fx.refresh(app, tokens.refresh_token)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.refresh_token)).size).toBe(1);
      expect(new Set(answers.map((a) => a.body.access_token)).size).toBe(5);
      await expect(fx.installation(app.clientId, user.teamIds[0]!)).resolves.toMatchObject({ status: 'active' });
      expect((await fx.refresh(app, answers[0]!.body.refresh_token as string)).status).toBe(200);
    });

    it('rule 5: an expired refresh token (30 days) is invalid_grant and disconnects nothing', async () => {
      const { tokens, user } = await fx.install(app);
      await fx.advanceClock(2_592_000);
      const answer = await fx.refresh(app, tokens.refresh_token);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: 'invalid_grant',
        error_description: expect.stringContaining('expired'),
      });
      await expect(fx.installation(app.clientId, user.teamIds[0]!)).resolves.toMatchObject({ status: 'active' });
    });

    it('rule 1: each rotation starts a new 30 days', async () => {
      const { tokens } = await fx.install(app);
      await fx.advanceClock(20 * 86_400);
      const second = await fx.refresh(app, tokens.refresh_token);
      await fx.advanceClock(20 * 86_400);
      expect((await fx.refresh(app, second.body.refresh_token as string)).status).toBe(200);
    });

    it('another app cannot use the refresh token, and nothing changes', async () => {
      const { tokens, user } = await fx.install(app);
      const other = await fx.createApp('Intruder');
      expect((await fx.refresh(other, tokens.refresh_token)).body.error).toBe('invalid_grant');
      await expect(fx.installation(app.clientId, user.teamIds[0]!)).resolves.toMatchObject({ status: 'active' });
      expect((await fx.refresh(app, tokens.refresh_token)).status).toBe(200);
    });
  });

  describe('revocation, dashboard disconnect and re-authorization', () => {
    it('POST /oauth/revoke: 200, every refresh token of the installation revoked, installation deactivated; access tokens live on', async () => {
      const { tokens, user } = await fx.install(app);
      const rotated = await fx.refresh(app, tokens.refresh_token);
      const answer = await fx.revoke(app, tokens.refresh_token);
      expect(answer.status).toBe(200);
      expect((await fx.refresh(app, rotated.body.refresh_token as string)).body.error).toBe('invalid_grant');
      await expect(fx.installation(app.clientId, user.teamIds[0]!)).resolves.toMatchObject({ status: 'deactivated' });
      const [event] = (await fx.events('auth.installation.deactivated.v1')).filter((e) => e.teamId === user.teamIds[0]);
      expect(event!.data).toMatchObject({ clientId: app.clientId, teamId: user.teamIds[0], reason: 'revoked' });
      expect((await me(rotated.body.access_token as string)).status).toBe(200);
    });

    it('POST /oauth/revoke: 200 for unknown tokens and other apps’ tokens, which stay valid', async () => {
      const { tokens } = await fx.install(app);
      const other = await fx.createApp('Other');
      expect((await fx.revoke(app, 'cprt_unknown')).status).toBe(200);
      expect((await fx.revoke(other, tokens.refresh_token)).status).toBe(200);
      expect((await fx.refresh(app, tokens.refresh_token)).status).toBe(200);
    });

    it('POST /oauth/revoke needs the app credentials', async () => {
      const { tokens } = await fx.install(app);
      expect((await fx.revoke(app, tokens.refresh_token, 'cpas_wrong')).status).toBe(401);
      expect((await fx.refresh(app, tokens.refresh_token)).status).toBe(200);
    });

    it('installation:disconnect deactivates and revokes; a new authorization makes it active again (same row)', async () => {
      const { tokens, user } = await fx.install(app);
      const before = await fx.installation(app.clientId, user.teamIds[0]!);
      const result = await fx.platform.admin.disconnectInstallation(app.clientId, user.teamIds[0]!);
      expect(result).toMatchObject({ status: 'deactivated', client_id: app.clientId, team_id: user.teamIds[0] });
      expect((await fx.refresh(app, tokens.refresh_token)).body.error).toBe('invalid_grant');
      const [event] = (await fx.events('auth.installation.deactivated.v1')).filter((e) => e.teamId === user.teamIds[0]);
      expect(event!.data).toMatchObject({ reason: 'dashboard_disconnect' });

      const again = await fx.exchange(app, await fx.code(app, user));
      expect(again.status).toBe(200);
      const after = await fx.installation(app.clientId, user.teamIds[0]!);
      expect(after).toEqual({ ...before, status: 'active' });
      const activations = (await fx.events('auth.installation.activated.v1')).filter(
        (e) => e.teamId === user.teamIds[0],
      );
      expect(activations.map((e) => e.data.previousStatus)).toEqual([null, 'deactivated']);
      await expect(fx.platform.admin.disconnectInstallation(app.clientId, 'no-such-team')).rejects.toMatchObject({
        status: 404,
      });
    });
  });

  describe('rule 6: installations authorized before retailers:read existed', () => {
    it('keep a two-scope grant whose refresh tokens are invalid_grant, until a new authorization updates them in place', async () => {
      const user = await fx.createUser();
      const teamId = user.teamIds[0]!;
      const { rows: users } = await fx.db.query('SELECT id FROM auth.users WHERE email = $1', [user.email]);
      await fx.db.query(
        `INSERT INTO auth.installations (id, client_id, team_id, status, scope, authorized_by, created_at, updated_at)
         VALUES ('legacy-installation', $1, $2, 'active', $3, $4, now() - interval '1 year', now() - interval '1 year')`,
        [app.clientId, teamId, LEGACY_SCOPE, users[0].id],
      );
      const legacyToken = 'cprt_legacy-token-issued-before-retailers-read-1';
      const { createHash } = await import('node:crypto');
      await fx.db.query(
        `INSERT INTO auth.refresh_tokens (id, installation_id, token_hash, family_id, user_id, scope, issued_at, expires_at)
         VALUES ('legacy-rt', 'legacy-installation', $1, 'legacy-rt', $2, $3, now(), now() + interval '20 days')`,
        [createHash('sha256').update(legacyToken).digest('hex'), users[0].id, LEGACY_SCOPE],
      );

      const refused = await fx.refresh(app, legacyToken);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_grant');
      await expect(fx.installation(app.clientId, teamId)).resolves.toEqual({
        id: 'legacy-installation',
        status: 'active',
        scope: LEGACY_SCOPE,
      });

      const answer = await fx.exchange(app, await fx.code(app, user));
      expect(answer.status).toBe(200);
      expect(answer.body.scope).toBe(FULL_SCOPE);
      await expect(fx.installation(app.clientId, teamId)).resolves.toEqual({
        id: 'legacy-installation',
        status: 'active',
        scope: FULL_SCOPE,
      });
      expect((await fx.refresh(app, legacyToken)).body.error).toBe('invalid_grant');
      expect((await fx.refresh(app, answer.body.refresh_token as string)).status).toBe(200);
    });
  });

  describe('bodies the body parser or the firewall refuses: RFC 6749 §5.2 answers, never Nest’s', () => {
    const FORM = 'application/x-www-form-urlencoded';
    const REFRESH = 'grant_type=refresh_token&refresh_token=x';
    let errorLines: number;
    beforeAll(() => {
      errorLines = fx.platform.serviceErrors().length;
    });

    /** The hostile bytes as they are, with the app's HTTP Basic credentials unless `basic` is false. */
    const post = async (path: string, headers: Record<string, string>, body: string, basic = true) => {
      const credentials = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
      const response = await fetch(`${fx.authUrl}${path}`, {
        method: 'POST',
        headers: { ...(basic ? { authorization: `Basic ${credentials}` } : {}), ...headers },
        body,
      });
      return {
        status: response.status,
        cacheControl: response.headers.get('cache-control'),
        body: (await response.json()) as Record<string, unknown>,
      };
    };

    /** The same refusal from the token and the revocation endpoint: `status`, no-store, and a body like `expected`. */
    const expectRefusedByBoth = async (
      headers: Record<string, string>,
      body: string,
      status: number,
      expected: Record<string, unknown>,
    ) => {
      for (const path of ['/oauth/token', '/oauth/revoke']) {
        const answer = await post(path, headers, body);
        expect({ path, status: answer.status, cacheControl: answer.cacheControl }).toEqual({
          path,
          status,
          cacheControl: 'no-store',
        });
        expect(answer.body).toMatchObject(expected);
      }
    };

    // The body parser's refusals, which Nest answers as {"statusCode", "message"} (415 for a charset or coding).
    it.each<[string, Record<string, string>, string, number]>([
      ['a form field nested 2,000 brackets deep', { 'content-type': FORM }, `${REFRESH}${'[a]'.repeat(2_000)}=y`, 400],
      [
        '1,001 form parameters',
        { 'content-type': FORM },
        Array.from({ length: 1_001 }, (_, i) => `p${i}=1`).join('&'),
        413,
      ],
      ['a form in UTF-16', { 'content-type': `${FORM}; charset=utf-16` }, REFRESH, 400],
      ['a content coding it does not take', { 'content-type': FORM, 'content-encoding': 'compress' }, REFRESH, 400],
      ['gzip that is not gzip', { 'content-type': FORM, 'content-encoding': 'gzip' }, REFRESH, 400],
      ['broken JSON', { 'content-type': 'application/json' }, '{"grant_type":', 400],
      ['JSON in a charset it does not take', { 'content-type': 'application/json; charset=latin1' }, '{}', 400],
    ])('%s: invalid_request, no-store, on the token and revocation endpoints', async (_name, headers, body, status) => {
      await expectRefusedByBoth(headers, body, status, {
        error: 'invalid_request',
        error_description: expect.any(String),
      });
    });

    it('the registration endpoint and any spelling express routes to the token endpoint answer the same', async () => {
      const broken = await post('/oauth/register', { 'content-type': 'application/json' }, '{"client_name":', false);
      expect(broken).toMatchObject({ status: 400, cacheControl: 'no-store', body: { error: 'invalid_request' } });
      const deep = await post('/OAuth/Token/', { 'content-type': FORM }, `${REFRESH}${'[a]'.repeat(2_000)}=y`);
      expect(deep).toMatchObject({ status: 400, cacheControl: 'no-store', body: { error: 'invalid_request' } });
    });

    // Refused by the firewall (InputRefused) or by the endpoint itself.
    it.each<[string, Record<string, string>, string, number]>([
      ['a body over 100 kB', { 'content-type': FORM }, `${REFRESH}${'x'.repeat(110_000)}`, 413],
      ['a NUL byte in a form field', { 'content-type': FORM }, `${REFRESH}%00`, 400],
      ['JSON nested 2,000 deep', { 'content-type': 'application/json' }, '['.repeat(2_000), 400],
      ['a body that is not a form', { 'content-type': 'text/plain' }, REFRESH, 400],
      ['an empty form', { 'content-type': FORM }, '', 400],
    ])('%s: invalid_request, no-store, as before', async (_name, headers, body, status) => {
      await expectRefusedByBoth(headers, body, status, { error: 'invalid_request' });
    });

    it('a broken percent escape reaches the token endpoint as it is: the token is unknown', async () => {
      const answer = await post('/oauth/token', { 'content-type': FORM }, `${REFRESH}%E0%A4%A`);
      expect(answer).toMatchObject({ status: 400, cacheControl: 'no-store', body: { error: 'invalid_grant' } });
    });

    it('other routes (the sign-in pages) keep Nest’s answer', async () => {
      const page = await post(
        '/oauth/interaction/unknown/login',
        { 'content-type': FORM },
        `a${'[a]'.repeat(2_000)}=y`,
      );
      expect(page).toMatchObject({ status: 400, body: { statusCode: 400, message: 'The input exceeded the depth' } });
    });

    it('logs nothing at error level for any of them', async () => {
      await new Promise((settle) => setTimeout(settle, 200));
      expect(fx.platform.serviceErrors().slice(errorLines)).toEqual([]);
    });
  });

  describe('GET /oauth/me', () => {
    it('identifies the installation from the access token', async () => {
      const { tokens } = await fx.install(app);
      const answer = await me(tokens.access_token);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        service_client_id: tokens.service_client_id,
        client_id: app.clientId,
        scope: FULL_SCOPE,
      });
    });

    it('refuses missing, malformed and expired (900 s) tokens with 401', async () => {
      const { tokens } = await fx.install(app);
      const missing = await fetch(`${fx.authUrl}/oauth/me`);
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await me('not.a.token')).status).toBe(401);
      expect((await me(`${tokens.access_token.slice(0, -4)}AAAA`)).status).toBe(401);
      // The fake clock moves on from the real one: the 20 s short of 900 leave room for a slow machine between the
      // token's issue and this request.
      await fx.advanceClock(880);
      expect((await me(tokens.access_token)).status).toBe(200);
      await fx.advanceClock(20);
      expect((await me(tokens.access_token)).status).toBe(401);
    });
  });
});
