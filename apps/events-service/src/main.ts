import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { config } from './config.js';
import { migrations } from './migrations/index.js';

await runService({
  service: 'events-service',
  schema: 'events',
  config,
  module: AppModule,
  migrations,
  rpc: true,
});
