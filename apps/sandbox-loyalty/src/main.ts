import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

// No `rpc`: the sandbox plays third-party loyalty and marketing platforms and never talks NATS.
await runService({
  service: 'sandbox-loyalty',
  schema: 'sandbox_loyalty',
  config: loadAppConfig,
  module: (config) => AppModule.register(config),
  migrations,
});
