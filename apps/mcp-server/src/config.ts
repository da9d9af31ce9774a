import { EnvPort, loadConfig, ServiceEnv } from '@cps/config';

export class McpServerEnv extends ServiceEnv {
  @EnvPort()
  PORT = 3003;
}

export const config = loadConfig(McpServerEnv);
