import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

await runService({
  service: 'dashboard',
  schema: 'dashboard',
  config: loadAppConfig,
  module: (config) => AppModule.register(config),
  migrations,
});
