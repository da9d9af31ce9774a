import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import { type ApiCaller } from '../auth/api-caller.js';
import { Caller, RequireApiKey } from '../auth/caller.decorator.js';
import { ValidBody, ValidQuery } from '../http/request-parts.decorator.js';
import { CreateWebhookUseCase } from './create-webhook.use-case.js';
import { DeleteWebhookUseCase } from './delete-webhook.use-case.js';
import { listDeliveriesQuerySchema, type ListDeliveriesQuery } from './dto/list-deliveries.query.dto.js';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  type CreateWebhookBody,
  type UpdateWebhookBody,
} from './dto/webhook-body.dto.js';
import { GetWebhookUseCase } from './get-webhook.use-case.js';
import { ListDeliveriesUseCase } from './list-deliveries.use-case.js';
import { ListWebhooksUseCase } from './list-webhooks.use-case.js';
import { RetryDeliveryUseCase } from './retry-delivery.use-case.js';
import { UpdateWebhookUseCase } from './update-webhook.use-case.js';

@Controller('webhooks')
@RequireApiKey()
export class WebhooksController {
  constructor(
    private readonly createWebhook: CreateWebhookUseCase,
    private readonly listWebhooks: ListWebhooksUseCase,
    private readonly getWebhook: GetWebhookUseCase,
    private readonly updateWebhook: UpdateWebhookUseCase,
    private readonly deleteWebhook: DeleteWebhookUseCase,
    private readonly listDeliveries: ListDeliveriesUseCase,
    private readonly retryDelivery: RetryDeliveryUseCase,
  ) {}

  @Post()
  create(@Caller() caller: ApiCaller, @ValidBody(createWebhookBodySchema) body: CreateWebhookBody) {
    return this.createWebhook.execute(caller.teamId, body);
  }

  @Get()
  list(@Caller() caller: ApiCaller) {
    return this.listWebhooks.execute(caller.teamId);
  }

  @Get(':webhook_id')
  get(@Caller() caller: ApiCaller, @Param('webhook_id') webhookId: string) {
    return this.getWebhook.execute(caller.teamId, webhookId);
  }

  @Patch(':webhook_id')
  update(
    @Caller() caller: ApiCaller,
    @Param('webhook_id') webhookId: string,
    @ValidBody(updateWebhookBodySchema) body: UpdateWebhookBody,
  ) {
    return this.updateWebhook.execute(caller.teamId, webhookId, body);
  }

  @Delete(':webhook_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(@Caller() caller: ApiCaller, @Param('webhook_id') webhookId: string): Promise<void> {
    await this.deleteWebhook.execute(caller.teamId, webhookId);
  }

  @Get(':webhook_id/deliveries')
  deliveries(
    @Caller() caller: ApiCaller,
    @Param('webhook_id') webhookId: string,
    @ValidQuery(listDeliveriesQuerySchema) query: ListDeliveriesQuery,
  ) {
    return this.listDeliveries.execute(caller.teamId, webhookId, query);
  }

  @Post(':webhook_id/deliveries/:delivery_id/retry')
  @HttpCode(HttpStatus.OK)
  retry(@Caller() caller: ApiCaller, @Param('webhook_id') webhookId: string, @Param('delivery_id') deliveryId: string) {
    return this.retryDelivery.execute(caller.teamId, webhookId, deliveryId);
  }
}
