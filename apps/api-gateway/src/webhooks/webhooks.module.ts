import { Module } from '@nestjs/common';
import { CreateWebhookUseCase } from './create-webhook.use-case.js';
import { DeleteWebhookUseCase } from './delete-webhook.use-case.js';
import { GetWebhookUseCase } from './get-webhook.use-case.js';
import { ListDeliveriesUseCase } from './list-deliveries.use-case.js';
import { ListWebhooksUseCase } from './list-webhooks.use-case.js';
import { RetryDeliveryUseCase } from './retry-delivery.use-case.js';
import { UpdateWebhookUseCase } from './update-webhook.use-case.js';
import { WebhooksController } from './webhooks.controller.js';

@Module({
  controllers: [WebhooksController],
  providers: [
    CreateWebhookUseCase,
    ListWebhooksUseCase,
    GetWebhookUseCase,
    UpdateWebhookUseCase,
    DeleteWebhookUseCase,
    ListDeliveriesUseCase,
    RetryDeliveryUseCase,
  ],
})
export class WebhooksModule {}
