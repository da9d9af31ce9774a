import { z } from 'zod';
import { loadConfig } from '@cps/config';

/** Anyone can read it: signs link-flow cookies outside production only. */
export const DEVELOPMENT_LINK_SESSION_SECRET = 'cps-development-link-session-secret-not-for-production';

/** Variables of the hosted link flow (validated at start like config.ts: a bad value stops the gateway, code 78). */
export const linkConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** HMAC key of the link-flow cookie and its CSRF tokens; required in production (>= 32 characters). */
    LINK_SESSION_SECRET: z.string().min(32).optional(),
    /** How long the browser keeps the link-flow cookie (sync-service ends the session after 30 minutes). */
    LINK_SESSION_COOKIE_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1_800),
    /** Deadline of the link steps that wait for the retailer (sign-in, one-time code). */
    LINK_RETAILER_STEP_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(30_000),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.LINK_SESSION_SECRET) {
      context.addIssue({ code: 'custom', path: ['LINK_SESSION_SECRET'], message: 'is required in production' });
    }
  })
  .transform((env) => ({ ...env, LINK_SESSION_SECRET: env.LINK_SESSION_SECRET ?? DEVELOPMENT_LINK_SESSION_SECRET }));

export type LinkConfig = z.output<typeof linkConfigSchema>;

export const linkConfig = loadConfig(linkConfigSchema);
