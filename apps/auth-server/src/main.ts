import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

await runService({
  service: 'auth-server',
  schema: 'auth',
  config: loadAppConfig,
  module: (config) => AppModule.register(config),
  migrations,
  rpc: true,
});
