import { configLoader, EnvPort, ServiceEnv } from '@cps/config';

class MatchingServiceEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3011;
}

export const loadAppConfig = configLoader(MatchingServiceEnv);
