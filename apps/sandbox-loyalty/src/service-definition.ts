import { type ServiceDefinition } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

/** The app as the platform starts it: alone (main.ts, one app per pod) or beside the others in one process (npm start). */
export const definition = {
  service: 'sandbox-loyalty',
  schema: 'sandbox_loyalty',
  config: loadAppConfig,
  module: (config) => AppModule.register(config),
  migrations,
  // No `rpc`: the sandbox plays third-party loyalty and marketing platforms and never talks NATS.
} satisfies ServiceDefinition<ReturnType<typeof loadAppConfig>>;
