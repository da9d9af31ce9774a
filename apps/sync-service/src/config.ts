import { type z } from 'zod';
import { DEVELOPMENT_ENCRYPTION_KEY, encryptionKey, loadConfig, withPort } from '@cps/config';

export const configSchema = withPort(3010)
  .extend({
    /** Seals the raw link tokens kept for idempotent retries (AES-256-GCM); required in production. */
    ENCRYPTION_KEY: encryptionKey.optional(),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.ENCRYPTION_KEY) {
      context.addIssue({ code: 'custom', path: ['ENCRYPTION_KEY'], message: 'is required in production' });
    }
  })
  .transform((env) => ({ ...env, ENCRYPTION_KEY: env.ENCRYPTION_KEY ?? DEVELOPMENT_ENCRYPTION_KEY }));

export type SyncServiceConfig = z.output<typeof configSchema>;

export const config = loadConfig(configSchema);
