import { IsOptional } from 'class-validator';
import {
  type Config,
  type ConfigIssue,
  configLoader,
  DEVELOPMENT_ENCRYPTION_KEY,
  DEVELOPMENT_URLS,
  DevelopmentSecret,
  EncryptionKey,
  EnvFlag,
  EnvHttpUrl,
  EnvPort,
  EnvValue,
  ServiceEnv,
} from '@cps/config';
import { DEVELOPMENT_OUTBOUND_ALLOWLIST, parseOutboundAllowlist } from '@cps/platform';
import {
  DEVELOPMENT_COOKIE_KEYS,
  DEVELOPMENT_SIGNING_KEYS,
  parseSigningKeys,
  type SigningKey,
} from './oauth/keys/signing-keys.js';

function parseSigningKeySet(raw: string): SigningKey[] {
  try {
    return parseSigningKeys(raw);
  } catch (error) {
    // JSON.parse quotes the text it refuses, and this text is a private key
    const detail = error instanceof SyntaxError ? 'not JSON' : (error as Error).message;
    throw new Error(`must be a JWKS of private signing keys: ${detail}`);
  }
}

/** Comma-separated secrets that sign the authorization server's cookies; the first signs, all verify. */
function parseCookieKeys(raw: string): string[] {
  const keys = raw.split(',').map((key) => key.trim());
  if (!keys.every((key) => key.length >= 32)) {
    throw new Error('must be comma-separated secrets of at least 32 characters each');
  }
  return keys;
}

function includesDevelopmentSigningKey(keys: unknown): boolean {
  return (keys as SigningKey[]).some(({ jwk }) => DEVELOPMENT_SIGNING_KEYS.some((dev) => dev.jwk.d === jwk.d));
}

function includesDevelopmentCookieKey(keys: unknown): boolean {
  return (keys as string[]).some((key) => DEVELOPMENT_COOKIE_KEYS.includes(key));
}

export class AuthServerEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3001;

  /** `{auth_url}`: the `iss` of every token and the base of every endpoint; default http://localhost:{PORT}. */
  @IsOptional()
  @EnvHttpUrl()
  AUTH_ISSUER!: string;

  /** `{base_url}`: the only accepted `resource` and the audience of partner access tokens. */
  @EnvHttpUrl()
  PUBLIC_BASE_URL = DEVELOPMENT_URLS.PUBLIC_BASE_URL;

  /** `{mcp_url}`: the data-query server, the resource (and token audience) of MCP connectors. */
  @EnvHttpUrl()
  MCP_PUBLIC_URL = DEVELOPMENT_URLS.MCP_PUBLIC_URL;

  /** JWKS JSON of private keys (ES256 or RS256, each with a `kid`); the first signs, all are published. */
  @DevelopmentSecret(includesDevelopmentSigningKey)
  @EnvValue(parseSigningKeySet)
  AUTH_SIGNING_KEYS: SigningKey[] = DEVELOPMENT_SIGNING_KEYS;

  @DevelopmentSecret(includesDevelopmentCookieKey)
  @EnvValue(parseCookieKeys)
  AUTH_COOKIE_KEYS: string[] = DEVELOPMENT_COOKIE_KEYS;

  /** Seals partner webhook secrets and retryable refresh-token replacements (AES-256-GCM). */
  @EncryptionKey()
  ENCRYPTION_KEY = DEVELOPMENT_ENCRYPTION_KEY;

  /**
   * Private hosts a partner app's webhook URL may point to and connectors' client metadata documents may be
   * fetched from (IPs, CIDRs, names; comma-separated): loopback outside production, nothing in production.
   * events-service checks every webhook delivery again (docs/adr/0010).
   */
  @IsOptional()
  @EnvValue(parseOutboundAllowlist)
  OUTBOUND_ALLOW_PRIVATE_HOSTS!: readonly string[];

  /** Test harnesses only: `POST /__test/clock` moves this server's clock. Refused in production. */
  @EnvFlag()
  AUTH_TEST_CLOCK = false;

  validate(production: boolean): ConfigIssue[] {
    if (!production) return [];
    const issues: ConfigIssue[] = [];
    if (this.AUTH_ISSUER === undefined) issues.push({ variable: 'AUTH_ISSUER', reason: 'is required in production' });
    if (this.AUTH_TEST_CLOCK) issues.push({ variable: 'AUTH_TEST_CLOCK', reason: 'is not allowed in production' });
    return issues;
  }

  derive(): void {
    this.AUTH_ISSUER ??= `http://localhost:${this.PORT}`;
    this.OUTBOUND_ALLOW_PRIVATE_HOSTS ??= this.NODE_ENV === 'production' ? [] : DEVELOPMENT_OUTBOUND_ALLOWLIST;
  }
}

export type AuthServerConfig = Config<AuthServerEnv>;

export const loadAppConfig = configLoader(AuthServerEnv);
