import { z } from 'zod';
import { DEVELOPMENT_ENCRYPTION_KEY, encryptionKey, loadConfig, withPort } from '@cps/config';
import { DEVELOPMENT_COOKIE_KEYS, DEVELOPMENT_SIGNING_KEYS, signingKeySet } from './oauth/keys/signing-keys.js';

const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Comma-separated secrets that sign the authorization server's cookies; the first signs, all verify. */
const cookieKeys = z
  .string()
  .transform((value) => value.split(',').map((key) => key.trim()))
  .refine((keys) => keys.every((key) => key.length >= 32), {
    message: 'must be comma-separated secrets of at least 32 characters each',
  });

export const configSchema = withPort(3001)
  .extend({
    /** `{auth_url}`: the `iss` of every token and the base of every endpoint; default http://localhost:{PORT}. */
    AUTH_ISSUER: httpUrl.optional(),
    /** `{base_url}`: the only accepted `resource` and the audience of partner access tokens. */
    PUBLIC_BASE_URL: httpUrl.default('http://localhost:3000'),
    /** JWKS JSON of private keys (ES256 or RS256, each with a `kid`); the first signs, all are published. */
    AUTH_SIGNING_KEYS: signingKeySet.optional(),
    AUTH_COOKIE_KEYS: cookieKeys.optional(),
    /** Seals partner webhook secrets and retryable refresh-token replacements (AES-256-GCM). */
    ENCRYPTION_KEY: encryptionKey.optional(),
    /** Test harnesses only: `POST /__test/clock` moves this server's clock. Refused in production. */
    AUTH_TEST_CLOCK: flag.default(false),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV !== 'production') return;
    for (const name of ['AUTH_SIGNING_KEYS', 'AUTH_COOKIE_KEYS', 'ENCRYPTION_KEY', 'AUTH_ISSUER'] as const) {
      if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
    }
    if (env.AUTH_TEST_CLOCK) {
      context.addIssue({ code: 'custom', path: ['AUTH_TEST_CLOCK'], message: 'is not allowed in production' });
    }
  })
  .transform((env) => ({
    ...env,
    AUTH_ISSUER: env.AUTH_ISSUER ?? `http://localhost:${env.PORT}`,
    AUTH_SIGNING_KEYS: env.AUTH_SIGNING_KEYS ?? DEVELOPMENT_SIGNING_KEYS,
    AUTH_COOKIE_KEYS: env.AUTH_COOKIE_KEYS ?? DEVELOPMENT_COOKIE_KEYS,
    ENCRYPTION_KEY: env.ENCRYPTION_KEY ?? DEVELOPMENT_ENCRYPTION_KEY,
  }));

export type AuthServerConfig = z.output<typeof configSchema>;

export const config = loadConfig(configSchema);
