import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, ServiceConfigModule } from '@cps/platform';
import { AdOptOutsModule } from './ad-opt-outs/ad-opt-outs.module.js';
import { EVENTS_CONFIG, type EventsServiceConfig } from './config.js';
import { DeliveriesModule } from './deliveries/deliveries.module.js';
import { IntegrationsModule } from './integrations/integrations.module.js';
import { migrations } from './migrations/index.js';
import { PartnerDeliveriesModule } from './partner-deliveries/partner-deliveries.module.js';
import { SimulatedDataModule } from './simulated-data/simulated-data.module.js';
import { WebhookEventsModule } from './webhook-events/webhook-events.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

@Module({})
export class AppModule {
  /** The service for a configuration read at start (config.ts `loadAppConfig`). */
  static register(config: EventsServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceConfigModule.register(EVENTS_CONFIG, config),
        PlatformModule.forRoot({
          service: 'events-service',
          schema: 'events',
          config,
          // Changes asked through the REST API, for the team's audit log (events.api-change.recorded.v1).
          producesEvents: true,
          // Webhook events older than RETENTION_DAYS go, their deliveries and attempts with them (ON DELETE CASCADE).
          retainedTables: [{ table: 'webhook_events', column: 'created_at' }],
          migrations,
          consumesEvents: true,
        }),
        WebhooksModule,
        DeliveriesModule,
        WebhookEventsModule,
        AdOptOutsModule,
        SimulatedDataModule,
        PartnerDeliveriesModule,
        IntegrationsModule,
      ],
    };
  }
}
