import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

// No `rpc`: the sandbox plays a retailer's website and never talks NATS.
await runService({
  service: 'sandbox-retailer',
  schema: 'sandbox',
  config: loadAppConfig,
  module: (config) => AppModule.register(config),
  migrations,
});
