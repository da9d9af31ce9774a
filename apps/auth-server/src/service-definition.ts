import { defineService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { AdjustableClock } from './oauth/clock/clock.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

export const definition = defineService({
  service: 'auth-server',
  schema: 'auth',
  config: loadAppConfig,
  app: AppModule,
  migrations,
  platform: (config) => ({
    producesEvents: true,
    // AUTH_TEST_CLOCK (never in production): a clock the e2e tests move forward (/test/clock).
    clock: config.AUTH_TEST_CLOCK ? new AdjustableClock() : undefined,
  }),
  rpc: true,
});
