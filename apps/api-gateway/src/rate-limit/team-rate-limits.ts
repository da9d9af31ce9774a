import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthClient } from '../clients/auth.client.js';
import { CachedTeamLookup } from '../clients/cached-team-lookup.js';
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
  private readonly limits: CachedTeamLookup<BucketLimit>;

  constructor(
    auth: AuthClient,
    @Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'RATE_LIMIT_PER_MINUTE' | 'RATE_LIMIT_BURST'>,
  ) {
    this.limits = new CachedTeamLookup(auth, new Logger('TeamRateLimits'), {
      ttlMs: TTL_MS,
      maxEntries: MAX_ENTRIES,
      derive: (team) => {
        const perMinute = team.rate_limit_per_minute;
        return perMinute === null
          ? { perMinute: config.RATE_LIMIT_PER_MINUTE, burst: team.rate_limit_burst ?? config.RATE_LIMIT_BURST }
          : { perMinute, burst: team.rate_limit_burst ?? Math.max(1, Math.ceil(perMinute / 6)) };
      },
      unavailable: (teamId) => `rate limit of team ${teamId} unavailable, using the last known`,
    });
  }

  get defaultLimit(): BucketLimit {
    return { perMinute: this.config.RATE_LIMIT_PER_MINUTE, burst: this.config.RATE_LIMIT_BURST };
  }

  async limitOf(teamId: string, now = Date.now()): Promise<BucketLimit> {
    return (await this.limits.get(teamId, now)) ?? this.defaultLimit;
  }
}
