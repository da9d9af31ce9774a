import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EVENTS_CONFIG, type EventsServiceConfig } from '../config.js';
import { DeliverySettings } from '../settings.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { AttemptDeliveryUseCase } from './attempt-delivery.use-case.js';
import { DeliveriesHandler } from './deliveries.handler.js';
import { DeliveryMetrics } from './delivery-metrics.js';
import { DeliveryAttemptEntity, DeliveryEntity } from './delivery.entity.js';
import { DELIVERIES_CHANNEL, DeliveryRepository } from './delivery.repository.js';
import { FirstDeliveries } from './first-deliveries.js';
import { leaseWorker } from './lease-worker.js';
import { ListDeliveriesUseCase } from './list-deliveries.use-case.js';
import { GetDeliveryUseCase } from './get-delivery.use-case.js';
import { RetryFailedDeliveriesUseCase } from './retry-failed-deliveries.use-case.js';
import { RetryDeliveryUseCase } from './retry-delivery.use-case.js';
import { SendTestWebhookUseCase } from './send-test-webhook.use-case.js';
import { GuardedWebhookTransport, WebhookTransport } from './webhook-transport.js';

@Module({
  imports: [TypeOrmModule.forFeature([DeliveryEntity, DeliveryAttemptEntity]), WebhooksModule],
  controllers: [DeliveriesHandler],
  providers: [
    DeliveryRepository,
    DeliveryMetrics,
    AttemptDeliveryUseCase,
    ListDeliveriesUseCase,
    RetryDeliveryUseCase,
    SendTestWebhookUseCase,
    GetDeliveryUseCase,
    RetryFailedDeliveriesUseCase,
    // Sends due webhook deliveries; consumers wake it with NOTIFY when they commit new ones.
    leaseWorker(
      { name: 'DeliveryWorker', channel: DELIVERIES_CHANNEL, applicationName: 'events-service-deliveries-listen' },
      DeliveryRepository,
      AttemptDeliveryUseCase,
    ),
    FirstDeliveries,
    { provide: WebhookTransport, useClass: GuardedWebhookTransport },
    {
      provide: DeliverySettings,
      inject: [EVENTS_CONFIG],
      useFactory: (config: EventsServiceConfig): DeliverySettings => ({
        retrySchedule: config.WEBHOOK_RETRY_SCHEDULE,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        pollMs: config.DELIVERY_POLL_MS,
        concurrency: config.DELIVERY_CONCURRENCY,
      }),
    },
  ],
  exports: [DeliveryRepository, DeliverySettings, FirstDeliveries],
})
export class DeliveriesModule {}
