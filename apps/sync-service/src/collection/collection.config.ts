import { type Config, type ConfigIssue, EnvFlag, EnvInt, EnvNumber } from '@cps/config';

/** Variables of the sync scheduler (read with config.ts when the service starts: a bad value stops it with code 78). */
export class CollectionEnv {
  /** Run the scheduler in this process (false: answer rpc only, e.g. a process dedicated to the link flow). */
  @EnvFlag()
  SYNC_SCHEDULER_ENABLED = true;

  /** Between two polls of one connection, jittered by SYNC_POLL_JITTER. */
  @EnvInt({ min: 100, max: 86_400_000 })
  SYNC_POLL_INTERVAL_MS = 60_000;

  @EnvNumber({ min: 0, max: 0.9 })
  SYNC_POLL_JITTER = 0.2;

  /** Connections polled at once by one process. */
  @EnvInt({ min: 1, max: 1_000 })
  SYNC_POLL_CONCURRENCY = 16;

  /** How long a claim on a connection lasts without renewal; a crashed process's claims free up after it. */
  @EnvInt({ min: 1_000, max: 3_600_000 })
  SYNC_LEASE_MS = 120_000;

  /** How often the scheduler looks for due connections (a link wakes it at once). */
  @EnvInt({ min: 10, max: 60_000 })
  SYNC_SCHEDULER_TICK_MS = 1_000;

  /** First delay after a failed poll; doubles per failure in a row, up to SYNC_MAX_BACKOFF_MS. */
  @EnvInt({ min: 10, max: 3_600_000 })
  SYNC_RETRY_BASE_MS = 30_000;

  @EnvInt({ min: 10, max: 86_400_000 })
  SYNC_MAX_BACKOFF_MS = 3_600_000;

  /** Order-list pages read per poll before the connection goes back in line (a long backfill shares). */
  @EnvInt({ min: 1, max: 1_000 })
  SYNC_MAX_PAGES_PER_POLL = 20;

  /** Order details fetched at once within one poll. */
  @EnvInt({ min: 1, max: 32 })
  SYNC_DETAIL_CONCURRENCY = 4;

  /** Simulated objects are purged after this many days (INTERFACE-DECISIONS: 30). */
  @EnvInt({ min: 1, max: 3_650 })
  SIMULATED_DATA_RETENTION_DAYS = 30;

  /** How often the purge of simulated data (and expired link sessions) runs: daily. */
  @EnvInt({ min: 1_000, max: 7 * 86_400_000 })
  SIMULATED_DATA_PURGE_INTERVAL_MS = 86_400_000;

  /** How often stored purchases whose purchase.collected event is missing are looked for (and recorded). */
  @EnvInt({ min: 1_000, max: 86_400_000 })
  PURCHASE_RECONCILE_INTERVAL_MS = 300_000;

  validate(): ConfigIssue[] {
    return this.SYNC_LEASE_MS < 3 * this.SYNC_SCHEDULER_TICK_MS
      ? [{ variable: 'SYNC_LEASE_MS', reason: 'must be at least 3 scheduler ticks' }]
      : [];
  }
}

export type CollectionConfig = Config<CollectionEnv>;
