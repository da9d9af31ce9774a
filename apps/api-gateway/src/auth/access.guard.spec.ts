import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { type RateLimitGate } from '../rate-limit/rate-limit.gate.js';
import { ACCESS_POLICY, type AccessPolicy } from './access-policy.js';
import { AccessGuard } from './access.guard.js';
import { type AuthenticateRequestUseCase } from './authenticate-request.use-case.js';
import { type Principal } from './principal.js';

class Routes {
  handler(): void {}
}

function contextFor(routePath: string, policy: AccessPolicy | undefined) {
  // The route's metadata as @Access() leaves it, read by Nest's own Reflector.
  const handler = function handler() {};
  if (policy) Reflect.defineMetadata(ACCESS_POLICY, policy, handler);
  const admitted: string[] = [];
  const gate: Pick<RateLimitGate, 'admit'> = { admit: () => void admitted.push(routePath) };
  const authenticate: Pick<AuthenticateRequestUseCase, 'execute'> = {
    execute: async (): Promise<Principal> => ({ kind: 'api_key', teamId: 't', keyId: 'k', keyName: 'n' }),
  };
  const request: Record<string, unknown> = { method: 'GET', route: { path: routePath }, headers: {}, ip: '127.0.0.1' };
  const context = new ExecutionContextHost([request, {}], Routes, handler);
  context.setType('http');
  return { guard: new AccessGuard(new Reflector(), authenticate, gate), context, request, admitted };
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
