import { z } from 'zod';
import { loadConfig } from '@cps/config';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Variables of the sync scheduler (validated at start: a bad value stops the service with code 78). */
export const collectionConfigSchema = z
  .object({
    /** Run the scheduler in this process (false: answer rpc only, e.g. a process dedicated to the link flow). */
    SYNC_SCHEDULER_ENABLED: flag.default(true),
    /** Between two polls of one connection, jittered by SYNC_POLL_JITTER. */
    SYNC_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
    SYNC_POLL_JITTER: z.coerce.number().min(0).max(0.9).default(0.2),
    /** Connections polled at once by one process. */
    SYNC_POLL_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(16),
    /** How long a claim on a connection lasts without renewal; a crashed process's claims free up after it. */
    SYNC_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
    /** How often the scheduler looks for due connections (a link wakes it at once). */
    SYNC_SCHEDULER_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
    /** First delay after a failed poll; doubles per failure in a row, up to SYNC_MAX_BACKOFF_MS. */
    SYNC_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    SYNC_MAX_BACKOFF_MS: z.coerce.number().int().min(10).max(86_400_000).default(3_600_000),
    /** Order-list pages read per poll before the connection goes back in line (a long backfill shares). */
    SYNC_MAX_PAGES_PER_POLL: z.coerce.number().int().min(1).max(1_000).default(20),
    /** Order details fetched at once within one poll. */
    SYNC_DETAIL_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
    /** Simulated objects are purged after this many days (INTERFACE-DECISIONS: 30). */
    SIMULATED_DATA_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
    /** How often the purge of simulated data (and expired link sessions) runs: daily. */
    SIMULATED_DATA_PURGE_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(7 * 86_400_000)
      .default(86_400_000),
  })
  .superRefine((env, context) => {
    if (env.SYNC_LEASE_MS < 3 * env.SYNC_SCHEDULER_TICK_MS) {
      context.addIssue({ code: 'custom', path: ['SYNC_LEASE_MS'], message: 'must be at least 3 scheduler ticks' });
    }
  });

export type CollectionConfig = z.output<typeof collectionConfigSchema>;

export const collectionConfig = loadConfig(collectionConfigSchema);
