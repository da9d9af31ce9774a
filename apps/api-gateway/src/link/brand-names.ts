import { Injectable, Logger } from '@nestjs/common';
import { TtlCache } from '@cps/platform';
import { AuthClient } from '../clients/auth.client.js';

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

/** What the link pages show of a brand (its team): the name, its logo, and for the consent step its sharing profile. */
export interface BrandProfile {
  name: string;
  logoUrl: string | null;
  privacyPolicyUrl: string | null;
  historyWindowDays: number;
  /** Where a public `link_url`'s `redirect_url` may return shoppers (redirectAllowed of @cps/domain). */
  redirectOrigins: string[];
}

/**
 * The brands (teams) the link pages greet shoppers with, from auth-server, cached for a few minutes; a change
 * drops the team's entry on every replica at once (BrandProfileChangesFeed, `auth.team-profile.changed.v1`).
 * A lookup that fails renders the page without the brand rather than failing the shopper's link.
 */
@Injectable()
export class BrandNames {
  private readonly logger = new Logger('BrandNames');
  private readonly cache = new TtlCache<string, BrandProfile>({
    ttlMs: TTL_MS,
    maxEntries: MAX_ENTRIES,
    keepExpired: true,
  });

  constructor(private readonly auth: AuthClient) {}

  /** The team's profile changed: the next page asks auth-server. */
  forget(teamId: string): void {
    this.cache.delete(teamId);
  }

  /** Changes may have been missed (the feed was down): nothing cached is kept. */
  forgetAll(): void {
    this.cache.clear();
  }

  async nameOf(teamId: string, now = Date.now()): Promise<string | null> {
    return (await this.profileOf(teamId, now))?.name ?? null;
  }

  async logoOf(teamId: string, now = Date.now()): Promise<string | null> {
    return (await this.profileOf(teamId, now))?.logoUrl ?? null;
  }

  async profileOf(teamId: string, now = Date.now()): Promise<BrandProfile | null> {
    const cached = this.cache.get(teamId, now);
    if (cached) return cached;
    try {
      const team = await this.auth.getTeam({ teamId });
      const profile: BrandProfile = {
        name: team.display_name ?? team.name,
        logoUrl: team.logo_url,
        privacyPolicyUrl: team.privacy_policy_url,
        historyWindowDays: team.history_window_days,
        redirectOrigins: team.redirect_origins,
      };
      this.cache.set(teamId, profile, now + TTL_MS);
      return profile;
    } catch (error) {
      this.logger.warn(`brand unavailable for team ${teamId}: ${(error as Error).message}`);
      return this.cache.lastKnown(teamId) ?? null;
    }
  }
}
