import { Injectable } from '@nestjs/common';
import { PreparedStatement } from '@cps/persistence';
import { DataSource } from 'typeorm';
import { verdictOf, type RateLimitOptions, type RateLimitVerdict } from './token-bucket-limiter.js';

export type BucketLimit = Pick<RateLimitOptions, 'perMinute' | 'burst'>;

interface Waiter {
  resolve: (verdict: RateLimitVerdict) => void;
  reject: (error: unknown) => void;
}

interface Queue {
  limit: BucketLimit;
  waiters: Waiter[];
}

/**
 * Token buckets in Postgres (`gateway.rate_limit_buckets`, UNLOGGED), shared by every gateway replica: one
 * statement refills the bucket by the time since it was last touched (Postgres's clock, so replicas' clocks do
 * not matter), takes what it can of the tokens asked for, and says how many it took. See
 * docs/adr/0012-shared-rate-limits.md.
 *
 * Batched takes: while a bucket's statement runs, this replica's further requests of that bucket wait, and the
 * next statement takes a token for each of them at once, in their order of arrival. Under load a replica then
 * sends about one statement per bucket per round trip instead of one per request; every request still gets a
 * token the bucket really had, and no more are handed out than it holds.
 */
@Injectable()
export class SharedTokenBuckets {
  /** Requests waiting for their bucket's statement in flight; a key is present while one runs. */
  private readonly queues = new Map<string, Queue>();

  constructor(private readonly dataSource: DataSource) {}

  take(key: string, limit: BucketLimit): Promise<RateLimitVerdict> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) {
        queue.limit = limit;
        queue.waiters.push({ resolve, reject });
        return;
      }
      this.queues.set(key, { limit, waiters: [] });
      void this.run(key, limit, [{ resolve, reject }]);
    });
  }

  /** Takes for `batch`, then for whoever queued meanwhile, until nobody waits (a loop: the bucket may stay busy). */
  private async run(key: string, limit: BucketLimit, first: Waiter[]): Promise<void> {
    let batch = first;
    let current = limit;
    for (;;) {
      try {
        const { tokens, granted } = await this.takeMany(key, current, batch.length);
        batch.forEach(({ resolve }, index) =>
          resolve(
            index < granted
              ? verdictOf(tokens + (granted - 1 - index), true, current)
              : verdictOf(tokens, false, current),
          ),
        );
      } catch (error) {
        for (const { reject } of batch) reject(error);
      }
      const queue = this.queues.get(key)!;
      if (queue.waiters.length === 0) {
        this.queues.delete(key);
        return;
      }
      batch = queue.waiters;
      current = queue.limit;
      queue.waiters = [];
    }
  }

  private async takeMany(
    key: string,
    limit: BucketLimit,
    wanted: number,
  ): Promise<{ tokens: number; granted: number }> {
    const [row] = await TAKE.run(this.dataSource, [key, limit.burst, limit.perMinute / 60, wanted]);
    return { tokens: Number(row!.tokens), granted: Number(row!.granted) };
  }
}

// The epsilon absorbs floating-point drift from many small refills.
const REFILLED = `least($2::float8, b.tokens + extract(epoch FROM clock_timestamp() - b.updated_at) * $3::float8)`;
const GRANTED = `least($4::int, floor(${REFILLED} + 1e-9))`;
/** Refill by the time since the bucket was last touched, take what it holds of the tokens wanted, say how many. */
const TAKE = new PreparedStatement<{ tokens: number; granted: number }>(
  `INSERT INTO gateway.rate_limit_buckets AS b (key, tokens, updated_at, granted)
   VALUES ($1, greatest(0, $2::float8 - least($4::int, $2::float8)), clock_timestamp(), least($4::int, floor($2::float8)))
   ON CONFLICT (key) DO UPDATE SET
     granted = ${GRANTED},
     tokens = greatest(0, ${REFILLED} - ${GRANTED}),
     updated_at = clock_timestamp()
   RETURNING tokens, granted`,
);
