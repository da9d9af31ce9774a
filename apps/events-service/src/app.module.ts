import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceConfigModule } from '@cps/platform';
import { AdOptOutsModule } from './ad-opt-outs/ad-opt-outs.module.js';
import { EVENTS_CONFIG, type EventsServiceConfig } from './config.js';
import { DeliveriesModule } from './deliveries/deliveries.module.js';
import { IntegrationsModule } from './integrations/integrations.module.js';
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
