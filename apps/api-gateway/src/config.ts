import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { loadConfig, withPort } from '@cps/config';

/**
 * Signs connection tokens outside production only (ES256, P-256). Anyone can read it here, so a token
 * it signed proves nothing: production must set CONNECTION_TOKEN_PRIVATE_KEY.
 */
export const DEVELOPMENT_CONNECTION_TOKEN_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgp72Po2BLhB5C81zK
W0hoGjwet3ytyT/x5vWq4WkqSFehRANCAAQ/OYv+XNo2fgWDHI684pPhhw9kQUyL
wM7wO/ucX9Eo4J4uLxxlLll6h5U2uAyxLe4im/dVU9/ZDzpWpuXL3k8y
-----END PRIVATE KEY-----
`;

const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));

/** A PEM-encoded P-256 private key (PKCS#8 or SEC1); `\n` escapes are accepted for one-line env values. */
const es256PrivateKey = z
  .string()
  .transform((value) => value.replace(/\\n/g, '\n').trim() + '\n')
  .refine(
    (pem) => {
      try {
        const key = createPrivateKey(pem);
        return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
      } catch {
        return false;
      }
    },
    { message: 'must be a PEM-encoded P-256 (ES256) private key' },
  );

export const configSchema = withPort(3000)
  .extend({
    /** Address brands use to reach this gateway; absolute URLs in responses (link_url, images) start with it. */
    PUBLIC_BASE_URL: httpUrl.default('http://localhost:3000'),
    /** How long a positive API key verdict is reused before asking auth-server again. */
    API_KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    /** Most verified keys kept in memory; the least recently used one goes first. */
    API_KEY_CACHE_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    /** The OAuth authorization server (`iss` of access tokens). */
    AUTH_ISSUER: httpUrl.default('http://localhost:3001'),
    /** Where its signing keys are published; default `${AUTH_ISSUER}/jwks`. */
    AUTH_JWKS_URL: httpUrl.optional(),
    /** Signs connection tokens (ES256); a fixed development key is used outside production. */
    CONNECTION_TOKEN_PRIVATE_KEY: es256PrivateKey.optional(),
    /** Lifetime of a connection token. */
    CONNECTION_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
    /** Sustained requests per minute per API key or token (per replica). */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** Requests a client may send at once above the sustained rate; default: RATE_LIMIT_PER_MINUTE / 6. */
    RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(1_000_000).optional(),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.CONNECTION_TOKEN_PRIVATE_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['CONNECTION_TOKEN_PRIVATE_KEY'],
        message: 'is required in production',
      });
    }
  })
  .transform((env) => ({
    ...env,
    AUTH_JWKS_URL: env.AUTH_JWKS_URL ?? `${env.AUTH_ISSUER}/jwks`,
    CONNECTION_TOKEN_PRIVATE_KEY: env.CONNECTION_TOKEN_PRIVATE_KEY ?? DEVELOPMENT_CONNECTION_TOKEN_KEY,
    RATE_LIMIT_BURST: env.RATE_LIMIT_BURST ?? Math.max(1, Math.ceil(env.RATE_LIMIT_PER_MINUTE / 6)),
  }));

export const config = loadConfig(configSchema);
