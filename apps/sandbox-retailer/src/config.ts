import { MinLength } from 'class-validator';
import { type Config, DevelopmentSecret, EnvInt, EnvPort, EnvValue, loadConfig, ServiceEnv } from '@cps/config';

/** Anyone can read this one: outside production it is the default admin token. */
export const DEVELOPMENT_ADMIN_TOKEN = 'sandbox-admin-development-token';

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
  @DevelopmentSecret()
  @MinLength(16)
  SANDBOX_ADMIN_TOKEN = DEVELOPMENT_ADMIN_TOKEN;

  @EnvValue(parseRetailerList)
  SANDBOX_RETAILERS = parseRetailerList(DEFAULT_RETAILERS);

  /** Lifetime of a retailer session; the admin API can expire sessions earlier. */
  @EnvInt({ min: 1, max: 365 * 86_400 })
  SANDBOX_SESSION_TTL_SECONDS = 30 * 86_400;
}

export type SandboxConfig = Config<SandboxRetailerEnv>;

export const config = loadConfig(SandboxRetailerEnv);
