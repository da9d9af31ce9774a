import { Injectable } from '@nestjs/common';
import { KeyedGroupCommit, PreparedStatement } from '@cps/persistence';
import { DataSource } from 'typeorm';
import { TeamBuckets, type BucketLimit } from './team-buckets.js';
import { verdictOf, type RateLimitVerdict } from './token-bucket-limiter.js';

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
export class SharedTokenBuckets extends TeamBuckets {
  /** One group commit per bucket: the requests that arrive while its statement runs are taken for by the next. */
  private readonly takes = new KeyedGroupCommit<string, BucketLimit, RateLimitVerdict>((key) => ({
    onFailure: 'fail',
    write: async (limits) => {
      // The newest limit applies to the batch (a team's limit may change while requests wait).
      const limit = limits[limits.length - 1]!;
      const { tokens, granted } = await this.takeMany(key, limit, limits.length);
      return limits.map((_, index) =>
        index < granted ? verdictOf(tokens + (granted - 1 - index), true, limit) : verdictOf(tokens, false, limit),
      );
    },
  }));

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  take(key: string, limit: BucketLimit): Promise<RateLimitVerdict> {
    return this.takes.submit(key, limit);
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
