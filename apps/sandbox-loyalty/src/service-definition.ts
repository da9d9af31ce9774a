import { defineService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

export const definition = defineService({
  service: 'sandbox-loyalty',
  schema: 'sandbox_loyalty',
  config: loadAppConfig,
  app: AppModule,
  migrations,
  platform: { messaging: false },
  // No `rpc`: the sandbox plays third-party loyalty and marketing platforms and never talks NATS.
});
