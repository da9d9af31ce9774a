import { type ServiceDefinition } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

/** The app as the platform starts it: alone (main.ts, one app per pod) or beside the others in one process (npm start). */
export const definition = {
  service: 'matching-service',
  schema: 'matching',
  config: loadAppConfig,
  module: (config) => AppModule.register(config),
  migrations,
  // matching.get-purchase-matches.v1 and the brand catalog (matching.*-product(s).v1).
  rpc: true,
} satisfies ServiceDefinition<ReturnType<typeof loadAppConfig>>;
