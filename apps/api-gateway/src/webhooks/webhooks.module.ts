import { Module } from '@nestjs/common';
import { PartnerDeliveriesController } from './partner-deliveries.controller.js';
import { WebhooksController } from './webhooks.controller.js';

@Module({ controllers: [WebhooksController, PartnerDeliveriesController] })
export class WebhooksModule {}
