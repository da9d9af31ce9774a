import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, ServiceConfigModule } from '@cps/platform';
import { AdOptOutEntity } from './ad-opt-outs/ad-opt-out.entity.js';
import { AdOptOutsModule } from './ad-opt-outs/ad-opt-outs.module.js';
import { EVENTS_CONFIG, type EventsServiceConfig } from './config.js';
import { DeliveriesModule } from './deliveries/deliveries.module.js';
import { DeliveryAttemptEntity, DeliveryEntity } from './deliveries/delivery.entity.js';
import {
  IntegrationsConnectionActivatedHandler,
  IntegrationsPurchaseMatchedHandler,
} from './integrations/integration-events.handlers.js';
import { IntegrationsModule } from './integrations/integrations.module.js';
import { migrations } from './migrations/index.js';
import {
  InstallationActivatedHandler,
  InstallationDeactivatedHandler,
  InstallationDisconnectedHandler,
} from './partner-deliveries/installation-events.handlers.js';
import { PartnerDeliveriesModule } from './partner-deliveries/partner-deliveries.module.js';
import { PartnerWebhookSecretRotatedHandler } from './partner-deliveries/partner-webhook-secret-rotated.handler.js';
import { SimulatedDataModule } from './simulated-data/simulated-data.module.js';
import { SimulatedDataPurgedHandler } from './simulated-data/simulated-data-purged.handler.js';
import { ConnectionActivatedHandler } from './webhook-events/connection-activated.handler.js';
import { ConnectionUnauthenticatedHandler } from './webhook-events/connection-unauthenticated.handler.js';
import { PurchaseMatchedHandler } from './webhook-events/purchase-matched.handler.js';
import { WebhookEventEntity } from './webhook-events/webhook-event.entity.js';
import { WebhookEventsModule } from './webhook-events/webhook-events.module.js';
import { WebhookDestinationEntity } from './webhooks/webhook-destination.entity.js';
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
          entities: [
            WebhookDestinationEntity,
            WebhookEventEntity,
            DeliveryEntity,
            DeliveryAttemptEntity,
            AdOptOutEntity,
          ],
          migrations,
          eventHandlers: [
            ConnectionActivatedHandler,
            PurchaseMatchedHandler,
            ConnectionUnauthenticatedHandler,
            SimulatedDataPurgedHandler,
            InstallationActivatedHandler,
            InstallationDeactivatedHandler,
            InstallationDisconnectedHandler,
            PartnerWebhookSecretRotatedHandler,
            IntegrationsConnectionActivatedHandler,
            IntegrationsPurchaseMatchedHandler,
          ],
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
