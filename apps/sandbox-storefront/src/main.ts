import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

// No `rpc`: the sandbox plays a storefront platform (Shopify-like), which never talks NATS.
await runService({
  service: 'sandbox-storefront',
  schema: 'sandbox_storefront',
  config: loadAppConfig,
  module: (config) => AppModule.register(config),
  migrations,
});
