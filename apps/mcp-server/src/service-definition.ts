import { defineService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';
import { RETIRED_PROJECTORS } from './read-model/handlers.js';

export const definition = defineService({
  service: 'mcp-server',
  schema: 'mcp',
  config: loadAppConfig,
  app: AppModule,
  migrations,
  platform: { consumesEvents: true, retiredConsumers: RETIRED_PROJECTORS },
});
