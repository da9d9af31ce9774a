import { Global, Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { PartnerAppFanOut } from '../partner-deliveries/partner-app.fan-out.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { EVENT_FAN_OUTS, type EventFanOut } from './event-fan-out.js';
import { RecordWebhookEventUseCase } from './record-webhook-event.use-case.js';
import { WebhookDestinationFanOut } from './webhook-destination.fan-out.js';
import { WebhookEventRepository } from './webhook-event.repository.js';

/**
 * Global because the durable consumers (ConnectionActivatedHandler, PurchaseMatchedHandler) are
 * instantiated by the platform's messaging module, which must be able to inject the use case.
 */
@Global()
@Module({
  imports: [WebhooksModule, DeliveriesModule],
  providers: [
    WebhookEventRepository,
    WebhookDestinationFanOut,
    {
      provide: EVENT_FAN_OUTS,
      inject: [WebhookDestinationFanOut, PartnerAppFanOut],
      useFactory: (...fanOuts: EventFanOut[]): EventFanOut[] => fanOuts,
    },
    RecordWebhookEventUseCase,
  ],
  exports: [RecordWebhookEventUseCase],
})
export class WebhookEventsModule {}
