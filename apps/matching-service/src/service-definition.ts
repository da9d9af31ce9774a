import { defineService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

export const definition = defineService({
  service: 'matching-service',
  schema: 'matching',
  config: loadAppConfig,
  app: AppModule,
  migrations,
  platform: { producesEvents: true, consumesEvents: true },
  // matching.get-purchase-matches.v1 and the brand catalog (matching.*-product(s).v1).
  rpc: true,
});
