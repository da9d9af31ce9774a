import { defineService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

export const definition = defineService({
  service: 'sync-service',
  schema: 'sync',
  config: loadAppConfig,
  app: AppModule,
  migrations,
  platform: { producesEvents: true },
  rpc: true,
});
