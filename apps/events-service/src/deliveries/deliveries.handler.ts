import { EventsContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { ListDeliveriesUseCase } from './list-deliveries.use-case.js';
import { GetDeliveryUseCase } from './get-delivery.use-case.js';
import { RetryFailedDeliveriesUseCase } from './retry-failed-deliveries.use-case.js';
import { RetryDeliveryUseCase } from './retry-delivery.use-case.js';
import { SendTestWebhookUseCase } from './send-test-webhook.use-case.js';

export const DeliveriesHandler = rpcHandlers('DeliveriesHandler', [
  answer(EventsContracts.listDeliveries, ListDeliveriesUseCase, (useCase, request) => useCase.execute(request)),
  answer(EventsContracts.retryDelivery, RetryDeliveryUseCase, (useCase, request) => useCase.execute(request)),
  answer(EventsContracts.getDelivery, GetDeliveryUseCase, (useCase, request) => useCase.execute(request)),
  answer(EventsContracts.retryFailedDeliveries, RetryFailedDeliveriesUseCase, (useCase, request) =>
    useCase.execute(request),
  ),
  answer(EventsContracts.sendTestWebhook, SendTestWebhookUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.webhookId),
  ),
]);
