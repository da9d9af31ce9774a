import { EnvPort, loadConfig, ServiceEnv } from '@cps/config';

export class MatchingServiceEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3011;
}

export const config = loadConfig(MatchingServiceEnv);
