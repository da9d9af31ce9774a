import { z } from 'zod';
import { loadConfig, withPort } from '@cps/config';

/** Anyone can read this one: outside production it is the default admin token. */
export const DEVELOPMENT_ADMIN_TOKEN = 'sandbox-admin-development-token';

/** The platform's retailers (sync-service's catalog); each is played by this sandbox under /r/{retailer_id}. */
const DEFAULT_RETAILERS = 'amazon,bestbuy,costco,cvs,homedepot,instacart,kroger,target,walgreens,walmart';

const retailerList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .refine((ids) => ids.length > 0 && ids.every((id) => /^[a-z0-9-]{1,64}$/.test(id)), {
    message: 'must be comma-separated lowercase retailer slugs, e.g. walmart,target',
  });

export const configSchema = withPort(3020)
  .extend({
    /** Shared secret of the /admin endpoints (`Authorization: Bearer ...`); required in production. */
    SANDBOX_ADMIN_TOKEN: z.string().min(16).optional(),
    SANDBOX_RETAILERS: retailerList.default(retailerList.parse(DEFAULT_RETAILERS)),
    /** Lifetime of a retailer session; the admin API can expire sessions earlier. */
    SANDBOX_SESSION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(365 * 86_400)
      .default(30 * 86_400),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.SANDBOX_ADMIN_TOKEN) {
      context.addIssue({ code: 'custom', path: ['SANDBOX_ADMIN_TOKEN'], message: 'is required in production' });
    }
  })
  .transform((env) => ({ ...env, SANDBOX_ADMIN_TOKEN: env.SANDBOX_ADMIN_TOKEN ?? DEVELOPMENT_ADMIN_TOKEN }));

export type SandboxConfig = z.output<typeof configSchema>;

export const config = loadConfig(configSchema);
