import { MinLength } from 'class-validator';
import { type Config, DevelopmentSecret, EnvPort, loadConfig, ServiceEnv } from '@cps/config';

/** Anyone can read this one: outside production it is the default admin token (the sandbox retailer's too). */
export const DEVELOPMENT_ADMIN_TOKEN = 'sandbox-admin-development-token';

export class SandboxLoyaltyEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3022;

  /** Shared secret of /admin (`Authorization: Bearer ...`, or any user name with it as Basic password). */
  @DevelopmentSecret()
  @MinLength(16)
  SANDBOX_ADMIN_TOKEN = DEVELOPMENT_ADMIN_TOKEN;
}

export type SandboxLoyaltyConfig = Config<SandboxLoyaltyEnv>;

/** The configuration read from `env` when the service starts (a bad environment stops it, code 78). */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): SandboxLoyaltyConfig {
  return loadConfig(SandboxLoyaltyEnv, env);
}
