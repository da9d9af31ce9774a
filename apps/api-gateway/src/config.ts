import { createPrivateKey, type KeyObject } from 'node:crypto';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { DEVELOPMENT_RETAILER_PUSH_SECRET } from '@cps/domain';
import {
  type Config,
  DEVELOPMENT_ENCRYPTION_KEY,
  DEVELOPMENT_URLS,
  DevelopmentSecret,
  EncryptionKey,
  EnvHttpUrl,
  EnvInt,
  EnvPort,
  EnvValue,
  loadConfig,
  ServiceEnv,
} from '@cps/config';
import { pemBlocks } from './auth/connection-tokens.js';
import { type LinkConfig, LinkEnv } from './link/link.config.js';

/**
 * Signs connection tokens outside production only (ES256, P-256). Anyone can read it here, so a token
 * it signed proves nothing: production must set CONNECTION_TOKEN_PRIVATE_KEY to a key of its own.
 */
export const DEVELOPMENT_CONNECTION_TOKEN_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgp72Po2BLhB5C81zK
W0hoGjwet3ytyT/x5vWq4WkqSFehRANCAAQ/OYv+XNo2fgWDHI684pPhhw9kQUyL
wM7wO/ucX9Eo4J4uLxxlLll6h5U2uAyxLe4im/dVU9/ZDzpWpuXL3k8y
-----END PRIVATE KEY-----
`;

/**
 * One or more PEM-encoded P-256 private keys (PKCS#8 or SEC1), newest first; `\n` escapes are accepted for
 * one-line env values. Kept as the normalized PEM blocks, one after the other.
 */
function parseEs256PrivateKeys(raw: string): string {
  const blocks = pemBlocks(raw.replace(/\\n/g, '\n'));
  if (blocks.length === 0) throw new Error('must be one or more PEM-encoded P-256 (ES256) private keys');
  for (const [index, pem] of blocks.entries()) {
    let key: KeyObject | undefined;
    try {
      key = createPrivateKey(pem);
    } catch {
      // reported below, without the parser's detail: the value is a secret
    }
    if (key?.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      throw new Error(`key ${index + 1} must be a PEM-encoded P-256 (ES256) private key`);
    }
  }
  return blocks.join('');
}

const developmentKeyScalar = createPrivateKey(DEVELOPMENT_CONNECTION_TOKEN_KEY).export({ format: 'jwk' }).d;

/** The development key (in any PEM form, PKCS#8 or SEC1) among the keys. */
function isDevelopmentConnectionTokenKey(pems: unknown): boolean {
  return (
    typeof pems === 'string' &&
    pemBlocks(pems).some((pem) => createPrivateKey(pem).export({ format: 'jwk' }).d === developmentKeyScalar)
  );
}

const RATE_LIMIT_STORES = ['postgres', 'memory'] as const;

export class GatewayEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3000;

  /** Address brands use to reach this gateway; absolute URLs in responses (link_url, images) start with it. */
  @EnvHttpUrl()
  PUBLIC_BASE_URL = DEVELOPMENT_URLS.PUBLIC_BASE_URL;

  /** How long a positive API key verdict is reused before asking auth-server again. */
  @EnvInt({ min: 0, max: 600_000 })
  API_KEY_CACHE_TTL_MS = 30_000;

  /** Most verified keys kept in memory; the least recently used one goes first. */
  @EnvInt({ min: 1, max: 1_000_000 })
  API_KEY_CACHE_SIZE = 10_000;

  /** The OAuth authorization server (`iss` of access tokens). */
  @EnvHttpUrl()
  AUTH_ISSUER = DEVELOPMENT_URLS.AUTH_ISSUER;

  /** Where its signing keys are published; default `${AUTH_ISSUER}/jwks`. */
  @IsOptional()
  @EnvHttpUrl()
  AUTH_JWKS_URL!: string;

  /**
   * Connection-token keys (ES256), newest first: the first signs, all verify (each token names its key's
   * thumbprint as `kid`). The development key is refused in production, also as an older key.
   */
  @DevelopmentSecret(isDevelopmentConnectionTokenKey)
  @EnvValue(parseEs256PrivateKeys)
  CONNECTION_TOKEN_PRIVATE_KEY = DEVELOPMENT_CONNECTION_TOKEN_KEY;

  /**
   * Seals the answers kept for `Idempotency-Key` replays at rest (AES-256-GCM): a replayed `POST /link-tokens`,
   * `POST /connections/{id}/token` or `POST /webhooks` answer holds a token or a signing secret. Required in production.
   */
  @EncryptionKey()
  ENCRYPTION_KEY = DEVELOPMENT_ENCRYPTION_KEY;

  /** Lifetime of a connection token. */
  @EnvInt({ min: 60, max: 86_400 })
  CONNECTION_TOKEN_TTL_SECONDS = 3_600;

  /** Sustained requests per minute per API key or token (per replica). */
  @EnvInt({ min: 1, max: 1_000_000 })
  RATE_LIMIT_PER_MINUTE = 600;

  /** Requests a client may send at once above the sustained rate; default: RATE_LIMIT_PER_MINUTE / 6. */
  @IsOptional()
  @EnvInt({ min: 1, max: 1_000_000 })
  RATE_LIMIT_BURST!: number;

  /**
   * Where the teams' budgets are kept (ADR 0012): `postgres`, shared by every replica (the default, and what
   * Kubernetes runs), or `memory`, this gateway's own, exact only when it is the only replica (`npm start` sets it
   * when it starts one gateway).
   */
  @IsIn(RATE_LIMIT_STORES)
  RATE_LIMIT_STORE: (typeof RATE_LIMIT_STORES)[number] = 'postgres';

  /**
   * Standard Webhooks secret (`whsec_…`) that retailers sign their "new orders" pushes with
   * (`POST /retailer-notifications/{retailer_id}`). Unset: outside production the sandbox retailer's development
   * secret; in production pushes are refused (404) and collection relies on polling alone.
   */
  @IsOptional()
  @Matches(/^whsec_[A-Za-z0-9+/=]{16,}$/, { message: 'must be a Standard Webhooks secret (whsec_ + base64)' })
  RETAILER_PUSH_SECRET!: string;

  /**
   * Sustained pushes per minute per retailer (per replica) once their signature holds; a retailer may send a sixth of
   * it at once. Pushes are not limited by address: one retailer pushes for all of its shoppers.
   */
  @EnvInt({ min: 1, max: 10_000_000 })
  RETAILER_PUSH_RATE_LIMIT_PER_MINUTE = 120_000;

  derive(): void {
    this.AUTH_JWKS_URL ??= `${this.AUTH_ISSUER}/jwks`;
    this.RETAILER_PUSH_SECRET ??= this.NODE_ENV === 'production' ? '' : DEVELOPMENT_RETAILER_PUSH_SECRET;
    this.RATE_LIMIT_BURST ??= Math.max(1, Math.ceil(this.RATE_LIMIT_PER_MINUTE / 6));
  }
}

/** The configuration read from `env` when the service starts (a bad environment stops it, code 78). */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): Config<GatewayEnv> & { link: LinkConfig } {
  return { ...loadConfig(GatewayEnv, env), link: loadConfig(LinkEnv, env) };
}
