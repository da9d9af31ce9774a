import { Injectable, Logger } from '@nestjs/common';
import { AuthClient } from '../clients/auth.client.js';

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

/**
 * The brand (team) names the link pages greet shoppers with, from auth-server, cached for a few minutes.
 * A lookup that fails renders the page without the name rather than failing the shopper's link.
 */
@Injectable()
export class BrandNames {
  private readonly logger = new Logger('BrandNames');
  private readonly cache = new Map<string, { name: string; until: number }>();

  constructor(private readonly auth: AuthClient) {}

  async nameOf(teamId: string, now = Date.now()): Promise<string | null> {
    const cached = this.cache.get(teamId);
    if (cached && cached.until > now) return cached.name;
    try {
      const { name } = await this.auth.getTeam({ teamId });
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(teamId, { name, until: now + TTL_MS });
      return name;
    } catch (error) {
      this.logger.warn(`brand name unavailable for team ${teamId}: ${(error as Error).message}`);
      return cached?.name ?? null;
    }
  }
}
