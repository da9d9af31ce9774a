import { EnvPort, loadConfig, ServiceEnv } from '@cps/config';

export class StorefrontProxyEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3002;
}

export const config = loadConfig(StorefrontProxyEnv);
