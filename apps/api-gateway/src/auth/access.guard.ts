import { Inject, Injectable, Logger, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Response } from 'express';
import { RateLimitGate } from '../rate-limit/rate-limit.gate.js';
import { ACCESS_POLICY, type AccessPolicy, type RequestWithPrincipal } from './access-policy.js';
import { AuthenticateRequestUseCase, credentialsOf } from './authenticate-request.use-case.js';

/** The platform's own routes (health, metrics), which declare no access policy. */
const PLATFORM_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The gateway's one guard (global): every route of ours declares an AccessPolicy with `@Access()` or
 * `@PublicAccess()`. It rate-limits the request per credential, then authenticates it under that policy
 * and records the Principal for `@Caller()`. Only the platform's health and metrics routes go without a
 * policy; any other route without one is refused (fail closed), so a forgotten `@Access()` is never public.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger('AccessGuard');

  constructor(
    private readonly reflector: Reflector,
    @Inject(AuthenticateRequestUseCase) private readonly authenticate: Pick<AuthenticateRequestUseCase, 'execute'>,
    @Inject(RateLimitGate) private readonly rateLimit: Pick<RateLimitGate, 'admit'>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const http = context.switchToHttp();
    const request = http.getRequest<RequestWithPrincipal>();
    if (!policy) {
      const route = (request.route as { path?: string } | undefined)?.path ?? '';
      if (PLATFORM_ROUTES.has(route)) return true;
      this.logger.error(`${request.method} ${route} declares no access policy; refused`);
      return false;
    }
    const credentials = credentialsOf(request.headers);
    this.rateLimit.admit(credentials, request.ip ?? 'unknown', http.getResponse<Response>());
    if (policy.public) return true;
    request.principal = await this.authenticate.execute(policy, credentials);
    return true;
  }
}
