import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, Caller } from '../auth/access-policy.js';
import { type Principal } from '../auth/principal.js';
import { EventsClient } from '../clients/events.client.js';
import { ApiEndpoint } from '../openapi/api-endpoint.decorator.js';
import {
  CreatedWebhookResponse,
  CreateWebhookBody,
  DeliveryPath,
  ListDeliveriesQuery,
  UpdateWebhookBody,
  WebhookDeliveryListResponse,
  WebhookDeliveryResponse,
  WebhookListResponse,
  WebhookPath,
  WebhookResponse,
} from './dto/webhook.dto.js';

/** Webhook destinations and their deliveries: events-service keeps them, this forwards each request. */
@Controller('webhooks')
@ApiTags('Webhooks')
export class WebhooksController {
  constructor(private readonly events: EventsClient) {}

  @Post()
  @Access({ apiKey: true, oauth: 'webhooks:write' })
  @ApiEndpoint({
    summary: 'Create a webhook destination',
    description: 'The response carries the signing secret; this is the only time it is shown.',
    status: 201,
    response: CreatedWebhookResponse,
  })
  create(@Caller() caller: Principal, @Body() body: CreateWebhookBody) {
    return this.events.createWebhook({ teamId: caller.teamId, ...body });
  }

  @Get()
  @Access({ apiKey: true, oauth: 'webhooks:read' })
  @ApiEndpoint({ summary: 'List webhook destinations', status: 200, response: WebhookListResponse })
  list(@Caller() caller: Principal) {
    return this.events.listWebhooks({ teamId: caller.teamId });
  }

  @Get(':webhook_id')
  @Access({ apiKey: true, oauth: 'webhooks:read' })
  @ApiEndpoint({ summary: 'Get a webhook destination', status: 200, response: WebhookResponse })
  get(@Caller() caller: Principal, @Param() path: WebhookPath) {
    return this.events.getWebhook({ teamId: caller.teamId, webhookId: path.webhook_id });
  }

  @Patch(':webhook_id')
  @Access({ apiKey: true, oauth: 'webhooks:write' })
  @ApiEndpoint({
    summary: 'Update a webhook destination',
    description: 'Changes only the fields sent. `is_active: true` also clears a disable caused by a 410.',
    status: 200,
    response: WebhookResponse,
  })
  update(@Caller() caller: Principal, @Param() path: WebhookPath, @Body() body: UpdateWebhookBody) {
    return this.events.updateWebhook({ teamId: caller.teamId, webhookId: path.webhook_id, ...body });
  }

  @Delete(':webhook_id')
  @Access({ apiKey: true, oauth: 'webhooks:write' })
  @ApiEndpoint({
    summary: 'Delete a webhook destination',
    description: 'Deletes it with its deliveries; nothing more is sent to it.',
    status: 204,
    response: null,
  })
  async remove(@Caller() caller: Principal, @Param() path: WebhookPath): Promise<void> {
    await this.events.deleteWebhook({ teamId: caller.teamId, webhookId: path.webhook_id });
  }

  @Get(':webhook_id/deliveries')
  @Access({ apiKey: true, oauth: 'webhooks:read' })
  @ApiEndpoint({
    summary: 'List deliveries',
    description: 'Newest first.',
    status: 200,
    response: WebhookDeliveryListResponse,
  })
  deliveries(@Caller() caller: Principal, @Param() path: WebhookPath, @Query() query: ListDeliveriesQuery) {
    return this.events.listDeliveries({ teamId: caller.teamId, webhookId: path.webhook_id, ...query });
  }

  @Post(':webhook_id/deliveries/:delivery_id/retry')
  @Access({ apiKey: true, oauth: 'webhooks:write' })
  @ApiEndpoint({
    summary: 'Retry a delivery',
    description: 'Sends a finished delivery once more, now, with the same `webhook-id`. 409 while it is pending.',
    status: 200,
    response: WebhookDeliveryResponse,
    errors: [409],
  })
  retry(@Caller() caller: Principal, @Param() path: DeliveryPath) {
    return this.events.retryDelivery({
      teamId: caller.teamId,
      webhookId: path.webhook_id,
      deliveryId: path.delivery_id,
    });
  }
}
