import { defineService } from '@cps/platform';
import { AppModule } from './app.module.js';
import { loadAppConfig } from './config.js';
import { migrations } from './migrations/index.js';

export const definition = defineService({
  service: 'events-service',
  schema: 'events',
  config: loadAppConfig,
  app: AppModule,
  migrations,
  platform: {
    // Changes asked through the REST API, for the team's audit log (events.api-change.recorded.v1).
    producesEvents: true,
    // Webhook events older than RETENTION_DAYS go, their deliveries and attempts with them (ON DELETE CASCADE).
    retainedTables: [{ table: 'webhook_events', column: 'created_at' }],
    consumesEvents: true,
  },
  rpc: true,
});
