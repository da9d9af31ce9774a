import { Injectable } from '@nestjs/common';
import { TokenBucketLimiter, type RateLimitOptions, type RateLimitVerdict } from './token-bucket-limiter.js';

export type BucketLimit = Pick<RateLimitOptions, 'perMinute' | 'burst'>;

/**
 * The teams' budgets (docs/adr/0012-shared-rate-limits.md): one token bucket per key, with the limit of the request
 * that takes from it. `RATE_LIMIT_STORE` chooses where they are kept: Postgres, shared by every replica
 * (SharedTokenBuckets), or this gateway's memory when it is the only one (LocalTeamBuckets).
 */
export abstract class TeamBuckets {
  abstract take(key: string, limit: BucketLimit): Promise<RateLimitVerdict>;
}

/** Most keys kept per limit; the least recently seen one is forgotten first (it comes back with a full bucket). */
const MAX_KEYS = 100_000;

/**
 * The budgets in this gateway's memory: exact when it is the only replica (`npm start` starts one), and a
 * request spends no statement on them. A bucket whose team's limit changes starts afresh, full, at the new limit.
 */
@Injectable()
export class LocalTeamBuckets extends TeamBuckets {
  /** One limiter per limit in use (`perMinute/burst`). */
  private readonly limiters = new Map<string, TokenBucketLimiter>();

  take(key: string, limit: BucketLimit): Promise<RateLimitVerdict> {
    const shape = `${limit.perMinute}/${limit.burst}`;
    let limiter = this.limiters.get(shape);
    if (!limiter) {
      limiter = new TokenBucketLimiter({ ...limit, maxClients: MAX_KEYS });
      this.limiters.set(shape, limiter);
    }
    return Promise.resolve(limiter.take(key));
  }
}
