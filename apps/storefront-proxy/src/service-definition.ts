import { defineService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

export const definition = defineService({
  service: 'storefront-proxy',
  schema: 'storefront',
  config: loadAppConfig,
  app: AppModule,
  migrations,
  // `rpc`: answers the admin CLI's storefront.connect-shop.v1 / storefront.disconnect-shop.v1.
  rpc: true,
});
