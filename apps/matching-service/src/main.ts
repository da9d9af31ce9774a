import { runService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { config } from './config.js';
import { migrations } from './migrations/index.js';

await runService({
  service: 'matching-service',
  schema: 'matching',
  config,
  module: AppModule,
  migrations,
  // No request/reply subjects yet (the product catalog endpoints come later); events only.
  rpc: false,
});
