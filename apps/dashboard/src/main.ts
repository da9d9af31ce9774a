import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { config } from './config.js';
import { migrations } from './migrations/index.js';

await runService({
  service: 'dashboard',
  schema: 'dashboard',
  config,
  module: AppModule,
  migrations,
});
