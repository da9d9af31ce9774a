import { z } from 'zod';
import { DEVELOPMENT_ENCRYPTION_KEY, encryptionKey, loadConfig, withPort } from '@cps/config';
import { parseRetrySchedule } from '@cps/domain';

const DEFAULT_RETRY_SCHEDULE = '0,5,300,1800,7200,18000,36000,36000';

const retrySchedule = z.string().transform((text, context) => {
  try {
    const seconds = parseRetrySchedule(text);
    if (seconds.length === 0 || seconds.length > 20) throw new Error('retry schedule must have 1 to 20 entries');
    return seconds;
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const configSchema = withPort(3012)
  .extend({
    /** Seals webhook signing secrets at rest (AES-256-GCM); required in production. */
    ENCRYPTION_KEY: encryptionKey.optional(),
    /** Seconds before each attempt, the first counted from the event, the others from the previous attempt. */
    WEBHOOK_RETRY_SCHEDULE: retrySchedule.default(parseRetrySchedule(DEFAULT_RETRY_SCHEDULE)),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    DELIVERY_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
    DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(16),
    /** Accept http:// webhook URLs (development); by default only outside production. */
    WEBHOOK_ALLOW_HTTP: flag.optional(),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.ENCRYPTION_KEY) {
      context.addIssue({ code: 'custom', path: ['ENCRYPTION_KEY'], message: 'is required in production' });
    }
  })
  .transform((env) => ({
    ...env,
    ENCRYPTION_KEY: env.ENCRYPTION_KEY ?? DEVELOPMENT_ENCRYPTION_KEY,
    WEBHOOK_ALLOW_HTTP: env.WEBHOOK_ALLOW_HTTP ?? env.NODE_ENV !== 'production',
  }));

export type EventsServiceConfig = z.output<typeof configSchema>;

export const config = loadConfig(configSchema);
