import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

// `rpc`: answers the admin CLI's storefront.connect-shop.v1 / storefront.disconnect-shop.v1.
await runService({
  service: 'storefront-proxy',
  schema: 'storefront',
  config: loadAppConfig,
  module: (config) => AppModule.register(config),
  migrations,
  rpc: true,
});
