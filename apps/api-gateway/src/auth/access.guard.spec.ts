import { type ExecutionContext } from '@nestjs/common';
import { type Reflector } from '@nestjs/core';
import { type RateLimitGate } from '../rate-limit/rate-limit.gate.js';
import { type AccessPolicy } from './access-policy.js';
import { AccessGuard } from './access.guard.js';
import { type AuthenticateRequestUseCase } from './authenticate-request.use-case.js';

function contextFor(routePath: string, policy: AccessPolicy | undefined) {
  const reflector = { getAllAndOverride: () => policy } as unknown as Reflector;
  const admitted: string[] = [];
  const gate = { admit: () => admitted.push(routePath) } as unknown as RateLimitGate;
  const authenticate = {
    execute: async () => ({ kind: 'api_key', teamId: 't', keyId: 'k', keyName: 'n' }),
  } as unknown as AuthenticateRequestUseCase;
  const request = { method: 'GET', route: { path: routePath }, headers: {}, ip: '127.0.0.1' } as Record<
    string,
    unknown
  >;
  const context = {
    getType: () => 'http',
    getHandler: () => undefined,
    getClass: () => undefined,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
  } as unknown as ExecutionContext;
  return { guard: new AccessGuard(reflector, authenticate, gate), context, request, admitted };
}

describe('AccessGuard', () => {
  it("lets the platform's health and metrics routes through without a policy", async () => {
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      const { guard, context, admitted } = contextFor(path, undefined);
      await expect(guard.canActivate(context)).resolves.toBe(true);
      expect(admitted).toEqual([]);
    }
  });

  it('refuses any other route that declares no policy (fail closed)', async () => {
    const { guard, context } = contextFor('/forgotten', undefined);
    await expect(guard.canActivate(context)).resolves.toBe(false);
  });

  it('rate-limits public routes and authenticates the others', async () => {
    const open = contextFor('/docs', { public: true, apiKey: false, connectionToken: false });
    await expect(open.guard.canActivate(open.context)).resolves.toBe(true);
    expect(open.admitted).toEqual(['/docs']);
    expect(open.request.principal).toBeUndefined();

    const closed = contextFor('/connections', { public: false, apiKey: true, connectionToken: false });
    await expect(closed.guard.canActivate(closed.context)).resolves.toBe(true);
    expect(closed.admitted).toEqual(['/connections']);
    expect(closed.request.principal).toMatchObject({ kind: 'api_key', teamId: 't' });
  });
});
