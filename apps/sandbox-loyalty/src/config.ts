import { MinLength } from 'class-validator';
import { type Config, DevelopmentSecret, EnvPort, loadConfig, ServiceEnv } from '@cps/config';
import { DEVELOPMENT_SANDBOX_ADMIN_TOKEN } from '@cps/domain';

export class SandboxLoyaltyEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3022;

  /** Shared secret of /admin (`Authorization: Bearer ...`, or any user name with it as Basic password). */
  @DevelopmentSecret()
  @MinLength(16)
  SANDBOX_ADMIN_TOKEN = DEVELOPMENT_SANDBOX_ADMIN_TOKEN;
}

export type SandboxLoyaltyConfig = Config<SandboxLoyaltyEnv>;

/** The configuration read from `env` when the service starts (a bad environment stops it, code 78). */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): SandboxLoyaltyConfig {
  return loadConfig(SandboxLoyaltyEnv, env);
}
