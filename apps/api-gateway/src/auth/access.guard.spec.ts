import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
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
  const peeked: string[] = [];
  const gate: Pick<RateLimitGate, 'admitAddress' | 'peekAddress' | 'refuseFailing' | 'countFailure' | 'admitTeam'> = {
    admitAddress: (address) => void admitted.push(`${routePath} address ${address}`),
    peekAddress: (address) => void peeked.push(address),
    refuseFailing: () => undefined,
    countFailure: () => void admitted.push(`${routePath} failure`),
    admitTeam: async (teamId) => void admitted.push(`${routePath} team ${teamId}`),
  };
  const authenticate: Pick<AuthenticateRequestUseCase, 'execute'> = {
    execute: async (): Promise<Principal> => {
      if (routePath === '/unauthorized') throw new UnauthorizedException({ detail: 'invalid API key' });
      if (routePath === '/forbidden') throw new ForbiddenException({ detail: 'insufficient scope' });
      return { kind: 'api_key', teamId: 't', keyId: 'k', keyName: 'n' };
    },
  };
  const request: Record<string, unknown> = { method: 'GET', route: { path: routePath }, headers: {}, ip: '127.0.0.1' };
  const context = new ExecutionContextHost([request, {}], Routes, handler);
  context.setType('http');
  return { guard: new AccessGuard(new Reflector(), authenticate, gate), context, request, admitted, peeked };
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

  it('rate-limits public routes by address, and the others by team once authenticated', async () => {
    const open = contextFor('/docs', { public: true, apiKey: false, connectionToken: false });
    await expect(open.guard.canActivate(open.context)).resolves.toBe(true);
    expect(open.admitted).toEqual(['/docs address 127.0.0.1']);
    expect(open.request.principal).toBeUndefined();

    const closed = contextFor('/connections', { public: false, apiKey: true, connectionToken: false });
    await expect(closed.guard.canActivate(closed.context)).resolves.toBe(true);
    expect(closed.admitted).toEqual(['/connections team t']);
    expect(closed.request.principal).toMatchObject({ kind: 'api_key', teamId: 't' });
  });

  it('spends nothing of the address on a signed route, only looks whether its signatures keep failing', async () => {
    const signed = contextFor('/retailer-notifications/walmart', {
      public: true,
      signed: true,
      apiKey: false,
      connectionToken: false,
    });
    await expect(signed.guard.canActivate(signed.context)).resolves.toBe(true);
    expect(signed.admitted).toEqual([]);
    expect(signed.peeked).toEqual(['127.0.0.1']);
  });

  it('counts a failed authentication against the credentials, and spends nothing of a team', async () => {
    const refused = contextFor('/unauthorized', { public: false, apiKey: true, connectionToken: false });
    await expect(refused.guard.canActivate(refused.context)).rejects.toBeInstanceOf(UnauthorizedException);
    expect(refused.admitted).toEqual(['/unauthorized failure']);
  });

  it('counts a refusal for scope (403) against the credentials too, so it carries the RateLimit-* headers', async () => {
    const refused = contextFor('/forbidden', { public: false, apiKey: true, connectionToken: false });
    await expect(refused.guard.canActivate(refused.context)).rejects.toBeInstanceOf(ForbiddenException);
    expect(refused.admitted).toEqual(['/forbidden failure']);
  });
});
