import { type Logger } from '@nestjs/common';
import { TtlCache } from '@cps/platform';
import { type AuthClient } from './auth.client.js';

type Team = Awaited<ReturnType<AuthClient['getTeam']>>;

export interface TeamLookupOptions<T> {
  ttlMs: number;
  maxEntries: number;
  /** What is kept of the team auth-server answers. */
  derive: (team: Team) => T;
  /** The warning when auth-server cannot answer (its error's message follows). */
  unavailable: (teamId: string) => string;
}

/**
 * Something of each team the gateway asks auth-server for, kept `ttlMs`. While auth-server cannot answer, the
 * last known value stands in, even expired (undefined when there is none), so its outage fails no request.
 */
export class CachedTeamLookup<T> {
  private readonly cache: TtlCache<string, T>;

  constructor(
    private readonly auth: AuthClient,
    private readonly logger: Logger,
    private readonly options: TeamLookupOptions<T>,
  ) {
    this.cache = new TtlCache({ ttlMs: options.ttlMs, maxEntries: options.maxEntries, keepExpired: true });
  }

  async get(teamId: string, now: number): Promise<T | undefined> {
    const cached = this.cache.get(teamId, now);
    if (cached) return cached;
    try {
      const value = this.options.derive(await this.auth.getTeam({ teamId }));
      this.cache.set(teamId, value, now + this.options.ttlMs);
      return value;
    } catch (error) {
      this.logger.warn(`${this.options.unavailable(teamId)}: ${(error as Error).message}`);
      return this.cache.lastKnown(teamId);
    }
  }

  forget(teamId: string): void {
    this.cache.delete(teamId);
  }

  forgetAll(): void {
    this.cache.clear();
  }
}
