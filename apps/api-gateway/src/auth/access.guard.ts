import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Response } from 'express';
import { RateLimitGate } from '../rate-limit/rate-limit.gate.js';
import { ACCESS_POLICY, type AccessPolicy, type RequestWithPrincipal } from './access-policy.js';
import { AuthenticateRequestUseCase, credentialsOf } from './authenticate-request.use-case.js';

/** The platform's own routes (health, metrics), which declare no access policy. */
const PLATFORM_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

const REFUSALS = new Set<number>([HttpStatus.UNAUTHORIZED, HttpStatus.FORBIDDEN]);

/**
 * The gateway's one guard (global): every route of ours declares an AccessPolicy with `@Access()` or
 * `@PublicAccess()`. It authenticates the request under that policy, records the Principal for `@Caller()`
 * and spends a request of the caller's team's rate limit; public routes are limited by address, and credentials
 * that keep failing are refused before anyone is asked about them (RateLimitGate); so are addresses whose signatures
 * keep failing on a signed route (SignedAccess), which its handler limits by signer instead. Only the platform's
 * health and metrics routes go without a policy; any other route without one is refused (fail closed), so a
 * forgotten `@Access()` is never public.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger('AccessGuard');

  constructor(
    private readonly reflector: Reflector,
    @Inject(AuthenticateRequestUseCase) private readonly authenticate: Pick<AuthenticateRequestUseCase, 'execute'>,
    @Inject(RateLimitGate)
    private readonly rateLimit: Pick<
      RateLimitGate,
      'admitAddress' | 'peekAddress' | 'refuseFailing' | 'countFailure' | 'admitTeam'
    >,
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
    const response = http.getResponse<Response>();
    const address = request.ip ?? 'unknown';
    if (policy.public) {
      if (policy.signed) this.rateLimit.peekAddress(address, response);
      else this.rateLimit.admitAddress(address, response);
      return true;
    }
    const credentials = credentialsOf(request.headers);
    this.rateLimit.refuseFailing(credentials, address, response);
    try {
      request.principal = await this.authenticate.execute(policy, credentials);
    } catch (error) {
      // A refusal (401, or 403 for a scope or a route the credentials may not use) spends the credentials' budget
      // for failures, so it is limited too and its answer carries the RateLimit-* headers like any other.
      if (error instanceof HttpException && REFUSALS.has(error.getStatus())) {
        this.rateLimit.countFailure(credentials, address, response);
      }
      throw error;
    }
    await this.rateLimit.admitTeam(request.principal.teamId, response);
    return true;
  }
}
