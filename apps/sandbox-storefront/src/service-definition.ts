import { defineService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

export const definition = defineService({
  service: 'sandbox-storefront',
  schema: 'sandbox_storefront',
  config: loadAppConfig,
  app: AppModule,
  migrations,
  platform: { messaging: false },
  // No `rpc`: the sandbox plays a storefront platform (Shopify-like), which never talks NATS.
});
