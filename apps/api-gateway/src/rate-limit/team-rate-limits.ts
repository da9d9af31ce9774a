import { Inject, Injectable, Logger } from '@nestjs/common';
import { TtlCache } from '@cps/platform';
import { AuthClient } from '../clients/auth.client.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway-config.js';
import { type BucketLimit } from './team-buckets.js';

const TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

/**
 * Each team's REST API rate limit: its own (auth-server, `team:set-rate-limit`) or the gateway's default
 * (RATE_LIMIT_PER_MINUTE / RATE_LIMIT_BURST). Kept a minute per team, so a change applies within a minute; while
 * auth-server cannot be asked, the last known limit (or the default) applies.
 */
@Injectable()
export class TeamRateLimits {
  private readonly logger = new Logger('TeamRateLimits');
  private readonly cache = new TtlCache<string, BucketLimit>({
    ttlMs: TTL_MS,
    maxEntries: MAX_ENTRIES,
    keepExpired: true,
  });

  constructor(
    private readonly auth: AuthClient,
    @Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'RATE_LIMIT_PER_MINUTE' | 'RATE_LIMIT_BURST'>,
  ) {}

  get defaultLimit(): BucketLimit {
    return { perMinute: this.config.RATE_LIMIT_PER_MINUTE, burst: this.config.RATE_LIMIT_BURST };
  }

  async limitOf(teamId: string, now = Date.now()): Promise<BucketLimit> {
    const cached = this.cache.get(teamId, now);
    if (cached) return cached;
    try {
      const team = await this.auth.getTeam({ teamId });
      const perMinute = team.rate_limit_per_minute;
      const limit: BucketLimit =
        perMinute === null
          ? {
              perMinute: this.config.RATE_LIMIT_PER_MINUTE,
              burst: team.rate_limit_burst ?? this.config.RATE_LIMIT_BURST,
            }
          : { perMinute, burst: team.rate_limit_burst ?? Math.max(1, Math.ceil(perMinute / 6)) };
      this.cache.set(teamId, limit, now + TTL_MS);
      return limit;
    } catch (error) {
      this.logger.warn(`rate limit of team ${teamId} unavailable, using the last known: ${(error as Error).message}`);
      return this.cache.lastKnown(teamId) ?? this.defaultLimit;
    }
  }
}
