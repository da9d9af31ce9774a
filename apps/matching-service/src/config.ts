import { type Config, EnvPort, loadConfig, ServiceEnv } from '@cps/config';

class MatchingServiceEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3011;
}

/** The configuration read from `env` when the service starts (a bad environment stops it, code 78). */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): Config<MatchingServiceEnv> {
  return loadConfig(MatchingServiceEnv, env);
}
