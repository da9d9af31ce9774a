import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { COLLECTION_CONFIG } from '../collection/collection-tokens.js';
import { type CollectionConfig } from '../collection/collection.config.js';
import { DeleteExpiredLinkSessionsUseCase } from '../linking/delete-expired-link-sessions.use-case.js';
import { PurgeSimulatedDataUseCase } from '../simulator/purge-simulated-data.use-case.js';

/** Never later than this after a start, so a service restarted daily still purges. */
const FIRST_RUN_MAX_DELAY_MS = 60_000;

/**
 * Daily housekeeping of sync-service (SIMULATED_DATA_PURGE_INTERVAL_MS): the purge of simulated data older
 * than 30 days, and link sessions a day past their expiry. Every process runs it; the work is claimed row
 * by row (SKIP LOCKED), so processes running it together share it instead of repeating it.
 */
@Injectable()
export class HousekeepingService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Housekeeping');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly purgeSimulatedData: PurgeSimulatedDataUseCase,
    private readonly deleteExpiredSessions: DeleteExpiredLinkSessionsUseCase,
    @Inject(COLLECTION_CONFIG) private readonly config: CollectionConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(Math.min(this.config.SIMULATED_DATA_PURGE_INTERVAL_MS, FIRST_RUN_MAX_DELAY_MS));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.running = this.run().finally(() => {
        if (!this.stopped) this.schedule(this.config.SIMULATED_DATA_PURGE_INTERVAL_MS);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    try {
      const purged = await this.purgeSimulatedData.execute();
      const sessions = await this.deleteExpiredSessions.execute();
      if (purged.connections + purged.purchases + sessions > 0) {
        this.logger.log(
          `purged ${purged.connections} simulated connections, ${purged.purchases} simulated purchases, ` +
            `${sessions} expired link sessions`,
        );
      }
    } catch (error) {
      this.logger.error(`housekeeping failed: ${(error as Error).message}`);
    }
  }
}
