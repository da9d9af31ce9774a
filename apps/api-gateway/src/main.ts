import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { config } from './config.js';
import { migrations } from './migrations/index.js';

await runService({
  service: 'api-gateway',
  schema: 'gateway',
  config,
  module: AppModule,
  migrations,
});
