import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { leaseWorker } from '../deliveries/lease-worker.js';
import { GuardedWebhookTransport, WebhookTransport } from '../deliveries/webhook-transport.js';
import { EVENTS_CONFIG, type EventsServiceConfig } from '../config.js';
import { WebhookUrlPolicy } from '../settings.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { AttemptAwardUseCase } from './attempt-award.use-case.js';
import { AwardCustomers, RpcAwardCustomers } from './award-customers.js';
import { AWARDS_CHANNEL, AwardRepository } from './award.repository.js';
import { CreateIntegrationUseCase } from './create-integration.use-case.js';
import { DeleteIntegrationUseCase } from './delete-integration.use-case.js';
import { GetIntegrationUseCase } from './get-integration.use-case.js';
import { ListAwardsUseCase } from './list-awards.use-case.js';
import { ListIntegrationsUseCase } from './list-integrations.use-case.js';
import { UpdateIntegrationUseCase } from './update-integration.use-case.js';
import {
  IntegrationsConnectionActivatedHandler,
  IntegrationsPurchaseMatchedHandler,
} from './integration-events.handlers.js';
import { IntegrationRepository } from './integration.repository.js';
import { IntegrationsHandler } from './integrations.handler.js';
import { RecordAwardsUseCase } from './record-awards.use-case.js';

/** Loyalty and marketing integrations and their ledger (ADR 0014). */
@Module({
  imports: [WebhooksModule, DeliveriesModule],
  controllers: [IntegrationsHandler],
  providers: [
    IntegrationRepository,
    AwardRepository,
    RecordAwardsUseCase,
    CreateIntegrationUseCase,
    ListIntegrationsUseCase,
    GetIntegrationUseCase,
    UpdateIntegrationUseCase,
    DeleteIntegrationUseCase,
    ListAwardsUseCase,
    AttemptAwardUseCase,
    // Sends due awards like the webhook deliveries. A process killed mid-call leaves its lease to run out: the award
    // is sent again with the same idempotency key, which the receiving platform applies once.
    leaseWorker(
      { name: 'AwardWorker', channel: AWARDS_CHANNEL, applicationName: 'events-service-awards-listen' },
      AwardRepository,
      AttemptAwardUseCase,
    ),
    IntegrationsConnectionActivatedHandler,
    IntegrationsPurchaseMatchedHandler,
    { provide: AwardCustomers, useClass: RpcAwardCustomers },
    { provide: WebhookTransport, useClass: GuardedWebhookTransport },
    {
      provide: WebhookUrlPolicy,
      inject: [EVENTS_CONFIG],
      useFactory: (config: EventsServiceConfig) => ({ allowHttp: config.WEBHOOK_ALLOW_HTTP }),
    },
  ],
})
export class IntegrationsModule {}
