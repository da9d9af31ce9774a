import { defineService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

export const definition = defineService({
  service: 'auth-server',
  schema: 'auth',
  config: loadAppConfig,
  app: AppModule,
  migrations,
  rpc: true,
});
