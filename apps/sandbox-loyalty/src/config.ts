import { type Config, configLoader, DevelopmentToken, EnvPort, ServiceEnv } from '@cps/config';
import { DEVELOPMENT_SANDBOX_ADMIN_TOKEN } from '@cps/domain';

export class SandboxLoyaltyEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3022;

  /** Shared secret of /admin (`Authorization: Bearer ...`, or any user name with it as Basic password). */
  @DevelopmentToken()
  SANDBOX_ADMIN_TOKEN = DEVELOPMENT_SANDBOX_ADMIN_TOKEN;
}

export type SandboxLoyaltyConfig = Config<SandboxLoyaltyEnv>;

export const loadAppConfig = configLoader(SandboxLoyaltyEnv);
