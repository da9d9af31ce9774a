import { IsOptional, Matches } from 'class-validator';
import {
  type Config,
  configLoader,
  DevelopmentToken,
  EnvHttpUrl,
  EnvInt,
  EnvPort,
  EnvValue,
  ServiceEnv,
} from '@cps/config';
import { DEVELOPMENT_RETAILER_PUSH_SECRET, DEVELOPMENT_SANDBOX_ADMIN_TOKEN } from '@cps/domain';

/** The platform's retailers (sync-service's catalog); each is played by this sandbox under /r/{retailer_id}. */
const DEFAULT_RETAILERS = 'amazon,bestbuy,costco,cvs,homedepot,instacart,kroger,target,walgreens,walmart';

function parseRetailerList(raw: string): string[] {
  const ids = raw
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0 || !ids.every((id) => /^[a-z0-9-]{1,64}$/.test(id))) {
    throw new Error('must be comma-separated lowercase retailer slugs, e.g. walmart,target');
  }
  return ids;
}

export class SandboxRetailerEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3020;

  /** Shared secret of the /admin endpoints (`Authorization: Bearer ...`); required in production. */
  @DevelopmentToken()
  SANDBOX_ADMIN_TOKEN = DEVELOPMENT_SANDBOX_ADMIN_TOKEN;

  @EnvValue(parseRetailerList)
  SANDBOX_RETAILERS = parseRetailerList(DEFAULT_RETAILERS);

  /** Lifetime of a retailer session; the admin API can expire sessions earlier. */
  @EnvInt({ min: 1, max: 365 * 86_400 })
  SANDBOX_SESSION_TTL_SECONDS = 30 * 86_400;

  /**
   * Where to push "new orders" for an account when orders are added (the gateway's
   * `{PUBLIC_BASE_URL}/retailer-notifications`); unset: no pushes, the platform finds them by polling.
   */
  @IsOptional()
  @EnvHttpUrl()
  SANDBOX_PUSH_URL?: string;

  /** The Standard Webhooks secret pushes are signed with (the gateway's RETAILER_PUSH_SECRET). */
  @Matches(/^whsec_[A-Za-z0-9+/=]{16,}$/, { message: 'must be a Standard Webhooks secret (whsec_ + base64)' })
  SANDBOX_PUSH_SECRET = DEVELOPMENT_RETAILER_PUSH_SECRET;
}

export type SandboxConfig = Config<SandboxRetailerEnv>;

export const loadAppConfig = configLoader(SandboxRetailerEnv);
