export interface RateLimitOptions {
  /** Sustained requests per minute. */
  perMinute: number;
  /** Requests that may arrive at once (the bucket's size). */
  burst: number;
  /** Most clients tracked; the least recently seen one is forgotten first (it comes back with a full bucket). */
  maxClients: number;
}

/** What the RateLimit-* headers report after one request (IETF draft-ietf-httpapi-ratelimit-headers). */
export interface RateLimitVerdict {
  allowed: boolean;
  /** The bucket's size. */
  limit: number;
  /** Whole requests left right now. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until the next request is allowed (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Token buckets, one per client key, in this process's memory (see docs/adr/0005-rate-limiting.md): each
 * holds up to `burst` tokens and refills at `perMinute / 60` tokens a second; a request takes one token.
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();
  private readonly perMs: number;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = options.perMinute / 60_000;
  }

  get size(): number {
    return this.buckets.size;
  }

  take(key: string): RateLimitVerdict {
    return this.visit(key, true);
  }

  /** The verdict the next request would get, taking nothing (`allowed`: a token is there). */
  peek(key: string): RateLimitVerdict {
    return this.visit(key, false);
  }

  private visit(key: string, take: boolean): RateLimitVerdict {
    const now = this.now();
    const { burst } = this.options;
    const bucket = this.buckets.get(key);
    if (!bucket && !take) return verdictOf(burst, true, this.options);
    let tokens = burst;
    if (bucket) {
      tokens = Math.min(burst, bucket.tokens + Math.max(0, now - bucket.updatedAt) * this.perMs);
      if (!take) return verdictOf(tokens, tokens >= 1 - 1e-9, this.options);
      this.buckets.delete(key); // re-inserted below: most recently seen last
    }
    // The epsilon absorbs floating-point drift from many small refills.
    const allowed = tokens >= 1 - 1e-9;
    if (allowed) tokens = Math.max(0, tokens - 1);
    this.buckets.set(key, { tokens, updatedAt: now });
    this.evictOldest();
    return verdictOf(tokens, allowed, this.options);
  }

  private evictOldest(): void {
    while (this.buckets.size > this.options.maxClients) {
      const oldest = this.buckets.keys().next().value as string;
      this.buckets.delete(oldest);
    }
  }
}

/** The headers' figures for a bucket holding `tokens` after a request that was `allowed` or not. */
export function verdictOf(
  tokens: number,
  allowed: boolean,
  { perMinute, burst }: Pick<RateLimitOptions, 'perMinute' | 'burst'>,
): RateLimitVerdict {
  const perSecond = perMinute / 60;
  return {
    allowed,
    limit: burst,
    remaining: Math.max(0, Math.floor(tokens + 1e-9)),
    resetSeconds: Math.max(0, Math.ceil((burst - tokens) / perSecond - 1e-9)),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perSecond)),
  };
}
