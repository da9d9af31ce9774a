import { Injectable, Logger } from '@nestjs/common';
import { AuthClient } from '../clients/auth.client.js';
import { CachedTeamLookup } from '../clients/cached-team-lookup.js';

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
  private readonly profiles: CachedTeamLookup<BrandProfile>;

  constructor(auth: AuthClient) {
    this.profiles = new CachedTeamLookup(auth, new Logger('BrandNames'), {
      ttlMs: TTL_MS,
      maxEntries: MAX_ENTRIES,
      derive: (team) => ({
        name: team.display_name ?? team.name,
        logoUrl: team.logo_url,
        privacyPolicyUrl: team.privacy_policy_url,
        historyWindowDays: team.history_window_days,
        redirectOrigins: team.redirect_origins,
      }),
      unavailable: (teamId) => `brand unavailable for team ${teamId}`,
    });
  }

  /** The team's profile changed: the next page asks auth-server. */
  forget(teamId: string): void {
    this.profiles.forget(teamId);
  }

  /** Changes may have been missed (the feed was down): nothing cached is kept. */
  forgetAll(): void {
    this.profiles.forgetAll();
  }

  async nameOf(teamId: string, now = Date.now()): Promise<string | null> {
    return (await this.profileOf(teamId, now))?.name ?? null;
  }

  async logoOf(teamId: string, now = Date.now()): Promise<string | null> {
    return (await this.profileOf(teamId, now))?.logoUrl ?? null;
  }

  async profileOf(teamId: string, now = Date.now()): Promise<BrandProfile | null> {
    return (await this.profiles.get(teamId, now)) ?? null;
  }
}
