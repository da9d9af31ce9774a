import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecretBox } from '@cps/persistence';
import { OutboundGuard } from '@cps/platform';
import { EVENTS_CONFIG, type EventsServiceConfig } from '../config.js';
import { WebhookUrlPolicy } from '../settings.js';
import { CreateWebhookUseCase } from './create-webhook.use-case.js';
import { DeleteWebhookUseCase } from './delete-webhook.use-case.js';
import { GetWebhookUseCase } from './get-webhook.use-case.js';
import { ListWebhooksUseCase } from './list-webhooks.use-case.js';
import { RotateWebhookSecretUseCase } from './rotate-webhook-secret.use-case.js';
import { UpdateWebhookUseCase } from './update-webhook.use-case.js';
import { WebhookDestinationEntity } from './webhook-destination.entity.js';
import { WebhookDestinationRepository } from './webhook-destination.repository.js';
import { WebhooksHandler } from './webhooks.handler.js';

@Module({
  imports: [TypeOrmModule.forFeature([WebhookDestinationEntity])],
  controllers: [WebhooksHandler],
  providers: [
    WebhookDestinationRepository,
    CreateWebhookUseCase,
    ListWebhooksUseCase,
    GetWebhookUseCase,
    UpdateWebhookUseCase,
    DeleteWebhookUseCase,
    RotateWebhookSecretUseCase,
    {
      provide: SecretBox,
      inject: [EVENTS_CONFIG],
      useFactory: (config: EventsServiceConfig) => new SecretBox(config.ENCRYPTION_KEY),
    },
    {
      provide: WebhookUrlPolicy,
      inject: [EVENTS_CONFIG],
      useFactory: (config: EventsServiceConfig) => ({ allowHttp: config.WEBHOOK_ALLOW_HTTP }),
    },
    {
      provide: OutboundGuard,
      inject: [EVENTS_CONFIG],
      useFactory: (config: EventsServiceConfig) => new OutboundGuard({ allow: config.OUTBOUND_ALLOW_PRIVATE_HOSTS }),
    },
  ],
  exports: [WebhookDestinationRepository, SecretBox, OutboundGuard],
})
export class WebhooksModule {}
