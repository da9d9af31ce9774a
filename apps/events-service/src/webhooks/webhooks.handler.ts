import { EventsContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { CreateWebhookUseCase } from './create-webhook.use-case.js';
import { DeleteWebhookUseCase } from './delete-webhook.use-case.js';
import { GetWebhookUseCase } from './get-webhook.use-case.js';
import { ListWebhooksUseCase } from './list-webhooks.use-case.js';
import { RotateWebhookSecretUseCase } from './rotate-webhook-secret.use-case.js';
import { UpdateWebhookUseCase } from './update-webhook.use-case.js';

export const WebhooksHandler = rpcHandlers('WebhooksHandler', [
  answer(EventsContracts.createWebhook, CreateWebhookUseCase, (useCase, request) => useCase.execute(request)),
  answer(EventsContracts.listWebhooks, ListWebhooksUseCase, (useCase, request) => useCase.execute(request.teamId)),
  answer(EventsContracts.getWebhook, GetWebhookUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.webhookId),
  ),
  answer(EventsContracts.updateWebhook, UpdateWebhookUseCase, (useCase, request) => useCase.execute(request)),
  answer(EventsContracts.rotateWebhookSecret, RotateWebhookSecretUseCase, (useCase, request) =>
    useCase.execute(request),
  ),
  answer(EventsContracts.deleteWebhook, DeleteWebhookUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.webhookId),
  ),
]);
