import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { verdictOf, type RateLimitOptions, type RateLimitVerdict } from './token-bucket-limiter.js';

export type BucketLimit = Pick<RateLimitOptions, 'perMinute' | 'burst'>;

/**
 * Token buckets in Postgres (`gateway.rate_limit_buckets`, UNLOGGED), shared by every gateway replica: one
 * statement per request refills the bucket by the time since its last request (Postgres's clock, so replicas'
 * clocks do not matter), takes a token when there is one, and says whether it did. Concurrent requests of one
 * bucket queue on its row for the few microseconds of the update. See docs/adr/0012-shared-rate-limits.md.
 */
@Injectable()
export class SharedTokenBuckets {
  constructor(private readonly dataSource: DataSource) {}

  async take(key: string, limit: BucketLimit): Promise<RateLimitVerdict> {
    const refilled = `least($2, b.tokens + extract(epoch FROM clock_timestamp() - b.updated_at) * $3)`;
    const [row] = (await this.dataSource.query(
      `INSERT INTO gateway.rate_limit_buckets AS b (key, tokens, updated_at, allowed)
       VALUES ($1, $2 - 1, clock_timestamp(), true)
       ON CONFLICT (key) DO UPDATE SET
         allowed = ${refilled} >= 1 - 1e-9,
         tokens = greatest(0, ${refilled} - CASE WHEN ${refilled} >= 1 - 1e-9 THEN 1 ELSE 0 END),
         updated_at = clock_timestamp()
       RETURNING tokens, allowed`,
      [key, limit.burst, limit.perMinute / 60],
    )) as Array<{ tokens: number; allowed: boolean }>;
    return verdictOf(Number(row!.tokens), row!.allowed, limit);
  }
}
