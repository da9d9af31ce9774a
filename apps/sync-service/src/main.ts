import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

await runService({
  service: 'sync-service',
  schema: 'sync',
  config: loadAppConfig,
  module: (config) => AppModule.register(config),
  migrations,
  rpc: true,
});
