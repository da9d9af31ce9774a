import { HttpException, ServiceUnavailableException, type ExecutionContext } from '@nestjs/common';
import { AuthContracts, type RpcContract } from '@cps/contracts';
import { type RpcClient } from '@cps/messaging';
import { ApiKeyCache } from './api-key-cache.js';
import { ApiKeyGuard, type AuthenticatedRequest } from './api-key.guard.js';
import { ApiKeyRevocationsListener } from './api-key-revocations.listener.js';
import { AuthenticateApiKeyUseCase } from './authenticate-api-key.use-case.js';

const KEYS: Record<string, { keyId: string; teamId: string; keyName: string }> = {
  sk_live_good: { keyId: 'key_1', teamId: 'team_1', keyName: 'backend' },
  sk_live_other: { keyId: 'key_2', teamId: 'team_2', keyName: 'ci' },
};

/** auth-server as the gateway sees it over NATS: verify-api-key answers, or throws what RpcClient throws. */
class FakeAuthServer {
  calls: Array<{ subject: string; payload: unknown }> = [];
  unavailable = false;
  revoked = new Set<string>();

  async request(contract: RpcContract<never, never>, payload: { apiKey: string }): Promise<unknown> {
    this.calls.push({ subject: contract.subject, payload });
    if (this.unavailable)
      throw new ServiceUnavailableException({ detail: 'auth-server is unavailable; try again shortly' });
    if (contract.subject !== AuthContracts.verifyApiKey.subject) throw new Error(`unexpected ${contract.subject}`);
    await Promise.resolve();
    const key = KEYS[payload.apiKey];
    return key && !this.revoked.has(key.keyId) ? { valid: true, ...key } : { valid: false };
  }
}

function setup() {
  const auth = new FakeAuthServer();
  const cache = new ApiKeyCache({ ttlMs: 30_000, maxSize: 100 });
  cache.resume();
  const authenticate = new AuthenticateApiKeyUseCase(auth as unknown as RpcClient, cache);
  const guard = new ApiKeyGuard(authenticate);
  const check = async (headers: Record<string, string | string[]>) => {
    const request = { headers } as unknown as AuthenticatedRequest;
    const context = { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
    await guard.canActivate(context);
    return request.apiCaller;
  };
  return { auth, cache, check };
}

async function failure(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) return { status: error.getStatus(), body: error.getResponse() };
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

describe('ApiKeyGuard', () => {
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
