import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { PartnerAppFanOut } from '../partner-deliveries/partner-app.fan-out.js';
import { PartnerDeliveriesModule } from '../partner-deliveries/partner-deliveries.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { ConnectionActivatedHandler, ConnectionUnauthenticatedHandler } from './connection-events.handlers.js';
import { EVENT_FAN_OUTS, type EventFanOut } from './event-fan-out.js';
import { PurchaseMatchedHandler } from './purchase-matched.handler.js';
import { WebhookEventEntity } from './webhook-event.entity.js';
import { RecordWebhookEventUseCase } from './record-webhook-event.use-case.js';
import { WebhookDestinationFanOut } from './webhook-destination.fan-out.js';
import { WebhookEventRepository } from './webhook-event.repository.js';

/** Webhook events from the platform's facts, fanned out to destinations and partner apps as deliveries. */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEventEntity]), WebhooksModule, DeliveriesModule, PartnerDeliveriesModule],
  providers: [
    WebhookEventRepository,
    WebhookDestinationFanOut,
    {
      provide: EVENT_FAN_OUTS,
      inject: [WebhookDestinationFanOut, PartnerAppFanOut],
      useFactory: (...fanOuts: EventFanOut[]): EventFanOut[] => fanOuts,
    },
    RecordWebhookEventUseCase,
    ConnectionActivatedHandler,
    PurchaseMatchedHandler,
    ConnectionUnauthenticatedHandler,
  ],
})
export class WebhookEventsModule {}
