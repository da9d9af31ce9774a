import { Controller } from '@nestjs/common';
import { EventsContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { CreateWebhookUseCase } from './create-webhook.use-case.js';
import { DeleteWebhookUseCase } from './delete-webhook.use-case.js';
import { GetWebhookUseCase } from './get-webhook.use-case.js';
import { ListWebhooksUseCase } from './list-webhooks.use-case.js';
import { RotateWebhookSecretUseCase } from './rotate-webhook-secret.use-case.js';
import { UpdateWebhookUseCase } from './update-webhook.use-case.js';

@Controller()
export class WebhooksHandler {
  constructor(
    private readonly createWebhook: CreateWebhookUseCase,
    private readonly listWebhooks: ListWebhooksUseCase,
    private readonly getWebhook: GetWebhookUseCase,
    private readonly updateWebhook: UpdateWebhookUseCase,
    private readonly deleteWebhook: DeleteWebhookUseCase,
    private readonly rotateSecret: RotateWebhookSecretUseCase,
  ) {}

  @RpcHandler(EventsContracts.createWebhook)
  create(
    @RpcPayload(EventsContracts.createWebhook)
    request: RpcRequest<typeof EventsContracts.createWebhook>,
  ) {
    return this.createWebhook.execute(request);
  }

  @RpcHandler(EventsContracts.listWebhooks)
  list(
    @RpcPayload(EventsContracts.listWebhooks)
    request: RpcRequest<typeof EventsContracts.listWebhooks>,
  ) {
    return this.listWebhooks.execute(request.teamId);
  }

  @RpcHandler(EventsContracts.getWebhook)
  get(
    @RpcPayload(EventsContracts.getWebhook)
    request: RpcRequest<typeof EventsContracts.getWebhook>,
  ) {
    return this.getWebhook.execute(request.teamId, request.webhookId);
  }

  @RpcHandler(EventsContracts.updateWebhook)
  update(
    @RpcPayload(EventsContracts.updateWebhook)
    request: RpcRequest<typeof EventsContracts.updateWebhook>,
  ) {
    return this.updateWebhook.execute(request);
  }

  @RpcHandler(EventsContracts.rotateWebhookSecret)
  rotate(
    @RpcPayload(EventsContracts.rotateWebhookSecret)
    request: RpcRequest<typeof EventsContracts.rotateWebhookSecret>,
  ) {
    return this.rotateSecret.execute(request);
  }

  @RpcHandler(EventsContracts.deleteWebhook)
  delete(
    @RpcPayload(EventsContracts.deleteWebhook)
    request: RpcRequest<typeof EventsContracts.deleteWebhook>,
  ) {
    return this.deleteWebhook.execute(request.teamId, request.webhookId);
  }
}
