import { HttpException, ServiceUnavailableException } from '@nestjs/common';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';
import { AuthContracts, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { type AuthClient } from '../clients/auth.client.js';
import { DEVELOPMENT_CONNECTION_TOKEN_KEY } from '../config.js';
import { type AccessPolicy } from './access-policy.js';
import { ApiKeyCache } from './api-key-cache.js';
import { ApiKeyRevocationsListener } from './api-key-revocations.listener.js';
import { AuthenticateApiKeyUseCase } from './authenticate-api-key.use-case.js';
import { AuthenticateRequestUseCase, credentialsOf } from './authenticate-request.use-case.js';
import { ConnectionTokens } from './connection-tokens.js';
import { KeySetUnavailableError, OAuthTokens } from './oauth-tokens.js';

const KEYS: Record<string, { keyId: string; teamId: string; keyName: string }> = {
  sk_live_good: { keyId: 'key_1', teamId: 'team_1', keyName: 'backend' },
  sk_live_other: { keyId: 'key_2', teamId: 'team_2', keyName: 'ci' },
};

/** auth-server as the gateway sees it: verify-api-key answers, or throws what the client throws. */
class FakeAuthServer implements Pick<AuthClient, 'verifyApiKey'> {
  calls: Array<{ subject: string; payload: unknown }> = [];
  unavailable = false;
  revoked = new Set<string>();

  async verifyApiKey(
    payload: RpcRequest<typeof AuthContracts.verifyApiKey>,
  ): Promise<RpcResponse<typeof AuthContracts.verifyApiKey>> {
    this.calls.push({ subject: AuthContracts.verifyApiKey.subject, payload });
    if (this.unavailable)
      throw new ServiceUnavailableException({ detail: 'auth-server is unavailable; try again shortly' });
    await Promise.resolve();
    const key = KEYS[payload.apiKey];
    return key && !this.revoked.has(key.keyId) ? { valid: true, ...key } : { valid: false };
  }
}

const BASE = 'https://api.example.com';
const ISSUER = 'https://auth.example.com';

const policy = (input: Partial<AccessPolicy>): AccessPolicy => ({
  public: false,
  apiKey: false,
  connectionToken: false,
  ...input,
});
const API_KEY_ONLY = policy({ apiKey: true });

function setup(options: { keys?: JWTVerifyGetKey } = {}) {
  const auth = new FakeAuthServer();
  const cache = new ApiKeyCache({ ttlMs: 30_000, maxSize: 100 });
  cache.resume();
  const apiKeys = new AuthenticateApiKeyUseCase(auth, cache);
  const connectionTokens = new ConnectionTokens({
    privateKeyPem: DEVELOPMENT_CONNECTION_TOKEN_KEY,
    baseUrl: BASE,
    ttlSeconds: 3600,
  });
  const keys: JWTVerifyGetKey =
    options.keys ??
    (() => {
      throw new Error('no OAuth keys in this test');
    });
  const oauthTokens = new OAuthTokens({ issuer: ISSUER, audience: BASE, jwksUrl: `${ISSUER}/jwks` }, keys);
  const useCase = new AuthenticateRequestUseCase(apiKeys, connectionTokens, oauthTokens);
  const check = (headers: Record<string, string | string[]>, routePolicy: AccessPolicy = API_KEY_ONLY) =>
    useCase.execute(routePolicy, credentialsOf(headers));
  return { auth, cache, check, connectionTokens };
}

async function failure(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) {
      const headers = (error as { headers?: Record<string, string> }).headers;
      return {
        status: error.getStatus(),
        body: error.getResponse(),
        ...(headers && Object.keys(headers).length ? { headers } : {}),
      };
    }
    throw error;
  }
  throw new Error('expected a failure');
}

const revocation = (keyId: string) => ({
  id: '01JREVOKED000000000000000',
  subject: AuthContracts.apiKeyRevoked.subject,
  occurredAt: new Date().toISOString(),
  correlationId: 'c1',
  teamId: 'team_1',
  data: { keyId, teamId: 'team_1' },
});

describe('AuthenticateRequestUseCase: API keys', () => {
  it('answers 401 missing API key without the header, or with an empty one', async () => {
    const { auth, check } = setup();
    expect(await failure(check({}))).toEqual({ status: 401, body: { detail: 'missing API key' } });
    expect(await failure(check({ 'x-api-key': '  ' }))).toEqual({ status: 401, body: { detail: 'missing API key' } });
    expect(auth.calls).toHaveLength(0);
  });

  it('answers 401 invalid API key for an unknown key', async () => {
    const { check } = setup();
    expect(await failure(check({ 'x-api-key': 'sk_live_bad' }))).toEqual({
      status: 401,
      body: { detail: 'invalid API key' },
    });
  });

  it('refuses an overlong key without asking auth-server', async () => {
    const { auth, check } = setup();
    expect(await failure(check({ 'x-api-key': 'k'.repeat(257) }))).toEqual({
      status: 401,
      body: { detail: 'invalid API key' },
    });
    expect(auth.calls).toHaveLength(0);
  });

  it('records the caller of a valid key', async () => {
    const { check } = setup();
    expect(await check({ 'x-api-key': 'sk_live_good' })).toEqual({
      kind: 'api_key',
      teamId: 'team_1',
      keyId: 'key_1',
      keyName: 'backend',
    });
  });

  it('asks auth-server once per key while the verdict is cached, and once for concurrent requests', async () => {
    const { auth, check } = setup();
    await Promise.all([check({ 'x-api-key': 'sk_live_good' }), check({ 'x-api-key': 'sk_live_good' })]);
    await check({ 'x-api-key': 'sk_live_good' });
    await check({ 'x-api-key': 'sk_live_other' });
    expect(auth.calls.map((call) => call.payload)).toEqual([{ apiKey: 'sk_live_good' }, { apiKey: 'sk_live_other' }]);
  });

  it('does not cache refusals', async () => {
    const { auth, check } = setup();
    await failure(check({ 'x-api-key': 'sk_live_bad' }));
    await failure(check({ 'x-api-key': 'sk_live_bad' }));
    expect(auth.calls).toHaveLength(2);
  });

  it('passes a 503 from auth-server through', async () => {
    const { auth, check } = setup();
    auth.unavailable = true;
    expect(await failure(check({ 'x-api-key': 'sk_live_good' }))).toEqual({
      status: 503,
      body: { detail: 'auth-server is unavailable; try again shortly' },
    });
  });

  it('refuses a cached key as soon as its revocation arrives', async () => {
    const { auth, cache, check } = setup();
    const listener = new ApiKeyRevocationsListener(null as never, cache, { EVENTS_STREAM: 'CPS_EVENTS' });
    await check({ 'x-api-key': 'sk_live_good' });
    await check({ 'x-api-key': 'sk_live_other' });
    auth.revoked.add('key_1');
    listener.handle(revocation('key_1'));
    expect(await failure(check({ 'x-api-key': 'sk_live_good' }))).toEqual({
      status: 401,
      body: { detail: 'invalid API key' },
    });
    await check({ 'x-api-key': 'sk_live_other' }); // still cached
    expect(auth.calls).toHaveLength(3);
  });

  it('does not trust a verdict that was in flight when the key was revoked', async () => {
    const { cache, check } = setup();
    const listener = new ApiKeyRevocationsListener(null as never, cache, { EVENTS_STREAM: 'CPS_EVENTS' });
    const pending = check({ 'x-api-key': 'sk_live_good' });
    listener.handle(revocation('key_1')); // arrives before auth-server's (stale) "valid"
    expect(await failure(pending)).toEqual({ status: 401, body: { detail: 'invalid API key' } });
  });

  it('ignores malformed revocation messages', () => {
    const { cache } = setup();
    const listener = new ApiKeyRevocationsListener(null as never, cache, { EVENTS_STREAM: 'CPS_EVENTS' });
    expect(() => listener.handle({ nope: true })).not.toThrow();
    expect(() => listener.handle(undefined)).not.toThrow();
  });
});

describe('AuthenticateRequestUseCase: connection tokens', () => {
  const PAIR = policy({ connectionToken: true });

  it('accepts the pair of an API key and a connection token of the same team', async () => {
    const { check, connectionTokens } = setup();
    const { connection_token, expires_in } = await connectionTokens.issue('team_1', 'conn_1');
    expect(expires_in).toBe(3600);
    expect(await check({ 'x-api-key': 'sk_live_good', authorization: `Bearer ${connection_token}` }, PAIR)).toEqual({
      kind: 'connection_token',
      teamId: 'team_1',
      keyId: 'key_1',
      keyName: 'backend',
      connectionId: 'conn_1',
    });
  });

  it("refuses another team's connection token, a missing one, a forged one and one alone", async () => {
    const { check, connectionTokens } = setup();
    const { connection_token } = await connectionTokens.issue('team_2', 'conn_2');
    const foreign = await failure(
      check({ 'x-api-key': 'sk_live_good', authorization: `Bearer ${connection_token}` }, PAIR),
    );
    expect(foreign.status).toBe(401);
    expect(await failure(check({ 'x-api-key': 'sk_live_good' }, PAIR))).toMatchObject({ status: 401 });
    const forged = `${connection_token.slice(0, -4)}AAAA`;
    expect(
      await failure(check({ 'x-api-key': 'sk_live_other', authorization: `Bearer ${forged}` }, PAIR)),
    ).toMatchObject({
      status: 401,
      headers: { 'WWW-Authenticate': expect.stringContaining('invalid_token') },
    });
    expect(await failure(check({ authorization: `Bearer ${connection_token}` }, PAIR))).toMatchObject({ status: 401 });
  });

  it('refuses an expired connection token', async () => {
    const clock = { now: Date.now() };
    const tokens = new ConnectionTokens(
      { privateKeyPem: DEVELOPMENT_CONNECTION_TOKEN_KEY, baseUrl: BASE, ttlSeconds: 60 },
      () => clock.now,
    );
    const { connection_token } = await tokens.issue('team_1', 'conn_1');
    expect(await tokens.verify(connection_token)).toMatchObject({ connectionId: 'conn_1' });
    clock.now += 61_000;
    expect(await tokens.verify(connection_token)).toBeNull();
  });

  it('is not an OAuth access token, and the reverse', async () => {
    const { check, connectionTokens } = setup();
    const { connection_token } = await connectionTokens.issue('team_1', 'conn_1');
    expect(
      await failure(check({ authorization: `Bearer ${connection_token}` }, policy({ oauth: 'retailers:read' }))),
    ).toMatchObject({ status: 401 });
    expect(await connectionTokens.verify('not.a.jwt')).toBeNull();
  });
});

describe('AuthenticateRequestUseCase: OAuth access tokens', () => {
  async function keysAndSigner() {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    const keys = createLocalJWKSet({ keys: [jwk] });
    const sign = (
      claims: Record<string, unknown>,
      options: { audience?: string; expiresIn?: string; typ?: string } = {},
    ) =>
      new SignJWT({ client_id: 'partner_app', service_client_id: 'team_9', scope: 'retailers:read', ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: options.typ ?? 'at+jwt' })
        .setIssuer(ISSUER)
        .setAudience(options.audience ?? BASE)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '15m')
        .sign(privateKey);
    return { keys, sign };
  }
  const READ = policy({ apiKey: true, oauth: 'retailers:read' });

  it('accepts a token with the scope; its team is service_client_id', async () => {
    const { keys, sign } = await keysAndSigner();
    const { check } = setup({ keys });
    expect(await check({ authorization: `Bearer ${await sign({})}` }, READ)).toEqual({
      kind: 'oauth',
      teamId: 'team_9',
      clientId: 'partner_app',
      scopes: ['retailers:read'],
    });
  });

  it('answers 403 insufficient_scope with the challenge for a token without the scope', async () => {
    const { keys, sign } = await keysAndSigner();
    const { check } = setup({ keys });
    const token = await sign({ scope: 'connections:read purchases:brand_products' });
    expect(await failure(check({ authorization: `Bearer ${token}` }, READ))).toEqual({
      status: 403,
      body: { detail: 'this request needs the scope retailers:read', error: 'insufficient_scope' },
      headers: { 'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="retailers:read"' },
    });
  });

  it.each([
    ['wrong audience', { audience: 'https://mcp.example.com' }],
    ['expired', { expiresIn: '-1m' }],
    ['not an access token (typ)', { typ: 'JWT' }],
  ])('answers 401 for a token with a %s', async (_name, options) => {
    const { keys, sign } = await keysAndSigner();
    const { check } = setup({ keys });
    const token = await sign({}, options);
    expect(await failure(check({ authorization: `Bearer ${token}` }, READ))).toMatchObject({
      status: 401,
      headers: { 'WWW-Authenticate': expect.stringContaining('invalid_token') },
    });
  });

  it('answers 401 for a token without a tenant, and for a token signed by another key', async () => {
    const { keys, sign } = await keysAndSigner();
    const other = await keysAndSigner();
    const { check } = setup({ keys });
    expect(
      await failure(check({ authorization: `Bearer ${await sign({ service_client_id: undefined })}` }, READ)),
    ).toMatchObject({ status: 401 });
    expect(await failure(check({ authorization: `Bearer ${await other.sign({})}` }, READ))).toMatchObject({
      status: 401,
    });
  });

  it('does not take an OAuth token where only API keys count', async () => {
    const { keys, sign } = await keysAndSigner();
    const { check } = setup({ keys });
    expect(await failure(check({ authorization: `Bearer ${await sign({})}` }))).toEqual({
      status: 401,
      body: { detail: 'missing API key; this endpoint does not accept OAuth access tokens' },
    });
  });

  it('lets the API key decide when both are sent', async () => {
    const { keys, sign } = await keysAndSigner();
    const { check } = setup({ keys });
    const principal = await check({ 'x-api-key': 'sk_live_good', authorization: `Bearer ${await sign({})}` }, READ);
    expect(principal).toMatchObject({ kind: 'api_key', teamId: 'team_1' });
  });

  it('answers 503 when the key set cannot be fetched', async () => {
    const { sign } = await keysAndSigner();
    const { check } = setup({
      keys: () => {
        throw new KeySetUnavailableError('connect ECONNREFUSED');
      },
    });
    expect(await failure(check({ authorization: `Bearer ${await sign({})}` }, READ))).toEqual({
      status: 503,
      body: { detail: 'auth-server is unavailable; try again shortly' },
    });
  });
});
