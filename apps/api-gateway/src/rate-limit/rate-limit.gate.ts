import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { type Response } from 'express';
import { createHash } from 'node:crypto';
import { type PresentedCredentials } from '../auth/authenticate-request.use-case.js';
import { HttpExceptionWithHeaders } from '../http/error-response.js';
import { TeamBuckets } from './team-buckets.js';
import { TeamRateLimits } from './team-rate-limits.js';
import { TokenBucketLimiter, type RateLimitVerdict } from './token-bucket-limiter.js';

/** The in-memory limiter of this replica: public routes by address, and failing credentials. */
export const RATE_LIMITER = Symbol('RATE_LIMITER');

/** The in-memory limiter of this replica for signed requests, by signer (a retailer's pushes). */
export const SIGNER_RATE_LIMITER = Symbol('SIGNER_RATE_LIMITER');

/**
 * Admits a request or refuses it with 429 (docs/adr/0012-shared-rate-limits.md); every answer carries the
 * RateLimit-* headers of the bucket that decided.
 * - An authenticated request spends its team's budget, set per team and shared by every replica (Postgres; in
 *   memory when the gateway is the only one: RATE_LIMIT_STORE).
 * - Public routes spend a budget per address, in this replica's memory.
 * - Credentials that fail authentication spend a budget of their own (per key or token, hashed; in memory),
 *   checked before authenticating, so a flood of bad keys stops reaching auth-server once it is spent. A bad
 *   signature on a signed route spends its address's budget the same way.
 * - A request whose signature holds spends its signer's budget (in memory).
 */
@Injectable()
export class RateLimitGate {
  private readonly logger = new Logger('RateLimit');

  constructor(
    @Inject(RATE_LIMITER) private readonly local: TokenBucketLimiter,
    @Inject(SIGNER_RATE_LIMITER) private readonly signers: TokenBucketLimiter,
    private readonly teamBuckets: TeamBuckets,
    private readonly teams: TeamRateLimits,
  ) {}

  admitAddress(address: string, response: Response): void {
    apply(response, this.local.take(`address:${address}`));
  }

  /** Refuses, before authenticating, credentials whose budget for failures is spent. */
  refuseFailing(credentials: PresentedCredentials, address: string, response: Response): void {
    const verdict = this.local.peek(clientKey(credentials, address));
    if (!verdict.allowed) apply(response, verdict);
  }

  /**
   * A signed route's address: refused while its budget is spent (by signatures that failed, `countFailure`), and
   * spending nothing here; the answer carries that budget's headers unless the handler spends another.
   */
  peekAddress(address: string, response: Response): void {
    apply(response, this.local.peek(clientKey({}, address)));
  }

  /** Counts a failed authentication against those credentials (the 401 itself is the answer). */
  countFailure(credentials: PresentedCredentials, address: string, response: Response): void {
    setHeaders(response, this.local.take(clientKey(credentials, address)));
  }

  /** Spends one request of a signer's budget, once its signature held (`signer`: e.g. `retailer:walmart`). */
  admitSigner(signer: string, response: Response): void {
    apply(response, this.signers.take(signer));
  }

  /** Spends one request of the team's budget. Without the shared store the request goes through (logged). */
  async admitTeam(teamId: string, response: Response): Promise<void> {
    const limit = await this.teams.limitOf(teamId);
    let verdict: RateLimitVerdict;
    try {
      verdict = await this.teamBuckets.take(`team:${teamId}`, limit);
    } catch (error) {
      this.logger.warn(`rate limit store unavailable, request admitted: ${(error as Error).message}`);
      return;
    }
    apply(response, verdict);
  }
}

function setHeaders(response: Response, verdict: RateLimitVerdict): void {
  response.setHeader('RateLimit-Limit', String(verdict.limit));
  response.setHeader('RateLimit-Remaining', String(verdict.remaining));
  response.setHeader('RateLimit-Reset', String(verdict.resetSeconds));
}

function apply(response: Response, verdict: RateLimitVerdict): void {
  setHeaders(response, verdict);
  if (!verdict.allowed) {
    throw new HttpExceptionWithHeaders({ detail: 'rate limit exceeded; retry later' }, HttpStatus.TOO_MANY_REQUESTS, {
      'Retry-After': String(verdict.retryAfterSeconds),
    });
  }
}

export function clientKey(credentials: PresentedCredentials, address: string): string {
  const hash = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');
  if (credentials.apiKey) return `key:${hash(credentials.apiKey)}`;
  if (credentials.bearer) return `token:${hash(credentials.bearer)}`;
  return `address:${address}`;
}
