import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import { ValidBody, ValidPath, ValidQuery } from '../http/request-parts.decorator.js';
import { ApiTag, Endpoint } from '../openapi/endpoint.decorator.js';
import { CreateWebhookUseCase } from './create-webhook.use-case.js';
import { DeleteWebhookUseCase } from './delete-webhook.use-case.js';
import { listDeliveriesQuerySchema, type ListDeliveriesQuery } from './dto/list-deliveries.query.dto.js';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  type CreateWebhookBody,
  type UpdateWebhookBody,
} from './dto/webhook-body.dto.js';
import {
  createdWebhookResponseSchema,
  deliveryListResponseSchema,
  deliveryPathSchema,
  webhookDeliveryResponseSchema,
  webhookListResponseSchema,
  webhookPathSchema,
  webhookResponseSchema,
  type DeliveryPath,
  type WebhookPath,
} from './dto/webhook.response.dto.js';
import { GetWebhookUseCase } from './get-webhook.use-case.js';
import { ListDeliveriesUseCase } from './list-deliveries.use-case.js';
import { ListWebhooksUseCase } from './list-webhooks.use-case.js';
import { RetryDeliveryUseCase } from './retry-delivery.use-case.js';
import { UpdateWebhookUseCase } from './update-webhook.use-case.js';

@Controller('webhooks')
@ApiTag('Webhooks')
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
  @Access({ apiKey: true, oauth: 'webhooks:write' })
  @Endpoint({
    summary: 'Create a webhook destination',
    description: 'The response carries the signing secret; this is the only time it is shown.',
    status: 201,
    response: createdWebhookResponseSchema,
  })
  create(@Caller() caller: Principal, @ValidBody(createWebhookBodySchema) body: CreateWebhookBody) {
    return this.createWebhook.execute(caller.teamId, body);
  }

  @Get()
  @Access({ apiKey: true, oauth: 'webhooks:read' })
  @Endpoint({ summary: 'List webhook destinations', status: 200, response: webhookListResponseSchema })
  list(@Caller() caller: Principal) {
    return this.listWebhooks.execute(caller.teamId);
  }

  @Get(':webhook_id')
  @Access({ apiKey: true, oauth: 'webhooks:read' })
  @Endpoint({ summary: 'Get a webhook destination', status: 200, response: webhookResponseSchema })
  get(@Caller() caller: Principal, @ValidPath(webhookPathSchema) path: WebhookPath) {
    return this.getWebhook.execute(caller.teamId, path.webhook_id);
  }

  @Patch(':webhook_id')
  @Access({ apiKey: true, oauth: 'webhooks:write' })
  @Endpoint({
    summary: 'Update a webhook destination',
    description: 'Changes only the fields sent. `is_active: true` also clears a disable caused by a 410.',
    status: 200,
    response: webhookResponseSchema,
  })
  update(
    @Caller() caller: Principal,
    @ValidPath(webhookPathSchema) path: WebhookPath,
    @ValidBody(updateWebhookBodySchema) body: UpdateWebhookBody,
  ) {
    return this.updateWebhook.execute(caller.teamId, path.webhook_id, body);
  }

  @Delete(':webhook_id')
  @Access({ apiKey: true, oauth: 'webhooks:write' })
  @Endpoint({
    summary: 'Delete a webhook destination',
    description: 'Deletes it with its deliveries; nothing more is sent to it.',
    status: 204,
    response: null,
  })
  async remove(@Caller() caller: Principal, @ValidPath(webhookPathSchema) path: WebhookPath): Promise<void> {
    await this.deleteWebhook.execute(caller.teamId, path.webhook_id);
  }

  @Get(':webhook_id/deliveries')
  @Access({ apiKey: true, oauth: 'webhooks:read' })
  @Endpoint({
    summary: 'List deliveries',
    description: 'Newest first.',
    status: 200,
    response: deliveryListResponseSchema,
  })
  deliveries(
    @Caller() caller: Principal,
    @ValidPath(webhookPathSchema) path: WebhookPath,
    @ValidQuery(listDeliveriesQuerySchema) query: ListDeliveriesQuery,
  ) {
    return this.listDeliveries.execute(caller.teamId, path.webhook_id, query);
  }

  @Post(':webhook_id/deliveries/:delivery_id/retry')
  @Access({ apiKey: true, oauth: 'webhooks:write' })
  @Endpoint({
    summary: 'Retry a delivery',
    description: 'Sends a finished delivery once more, now, with the same `webhook-id`. 409 while it is pending.',
    status: 200,
    response: webhookDeliveryResponseSchema,
    errors: [409],
  })
  retry(@Caller() caller: Principal, @ValidPath(deliveryPathSchema) path: DeliveryPath) {
    return this.retryDelivery.execute(caller.teamId, path.webhook_id, path.delivery_id);
  }
}
