import { Injectable } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { SandboxError } from '../common/sandbox-error.js';
import { FailureInjector } from '../failures/failure-injector.js';
import { type FailureCall } from '../failures/failure-plan.js';
import { hashSecret } from './secrets.js';
import { SessionRepository } from './session.repository.js';

const sessionRefused = (code: string, detail: string) =>
  new SandboxError(401, code, detail, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });

/**
 * Resolves the bearer session of a retailer-facing call to its account, after the injected failures
 * for that account had their say (a retailer's outage hits signed-in and signed-out callers alike).
 */
@Injectable()
export class SessionAuthenticator {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly failures: FailureInjector,
    private readonly clock: Clock,
  ) {}

  async authenticate(retailerId: string, token: string | null, scope: FailureCall['scope']): Promise<string> {
    const session = token ? await this.sessions.findByTokenHash(hashSecret(token)) : null;
    const known = session && session.retailerId === retailerId ? session : null;
    await this.failures.apply(retailerId, { accountId: known?.accountId ?? null, scope });
    if (!known) throw sessionRefused('session_invalid', 'sign in first: missing or unknown session');
    if (known.revokedReason === 'password_changed') {
      throw sessionRefused('session_revoked', 'the password was changed; sign in again');
    }
    if (known.revokedReason === 'signed_out') throw sessionRefused('session_revoked', 'signed out; sign in again');
    if (known.expiresAt.getTime() <= this.clock.now().getTime()) {
      throw sessionRefused('session_expired', 'the session expired; sign in again');
    }
    return known.accountId;
  }
}
