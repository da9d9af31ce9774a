import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { type Response } from 'express';
import { createHash } from 'node:crypto';
import { type PresentedCredentials } from '../auth/authenticate-request.use-case.js';
import { HttpExceptionWithHeaders } from '../http/error-response.js';
import { TokenBucketLimiter } from './token-bucket-limiter.js';

export const RATE_LIMITER = Symbol('RATE_LIMITER');

/**
 * Admits a request or refuses it with 429. The client is its API key, else its Bearer token, else its
 * address (hashed: no secret is kept as a map key). Every answer carries the RateLimit-* headers.
 */
@Injectable()
export class RateLimitGate {
  constructor(@Inject(RATE_LIMITER) private readonly limiter: TokenBucketLimiter) {}

  admit(credentials: PresentedCredentials, address: string, response: Response): void {
    const verdict = this.limiter.take(clientKey(credentials, address));
    response.setHeader('RateLimit-Limit', String(verdict.limit));
    response.setHeader('RateLimit-Remaining', String(verdict.remaining));
    response.setHeader('RateLimit-Reset', String(verdict.resetSeconds));
    if (!verdict.allowed) {
      throw new HttpExceptionWithHeaders({ detail: 'rate limit exceeded; retry later' }, HttpStatus.TOO_MANY_REQUESTS, {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
    }
  }
}

export function clientKey(credentials: PresentedCredentials, address: string): string {
  const hash = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');
  if (credentials.apiKey) return `key:${hash(credentials.apiKey)}`;
  if (credentials.bearer) return `token:${hash(credentials.bearer)}`;
  return `address:${address}`;
}
