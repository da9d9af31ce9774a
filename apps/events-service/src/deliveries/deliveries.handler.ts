import { Controller } from '@nestjs/common';
import { EventsContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { ListDeliveriesUseCase } from './list-deliveries.use-case.js';
import { GetDeliveryUseCase, RetryFailedDeliveriesUseCase } from './delivery-detail.use-case.js';
import { RetryDeliveryUseCase } from './retry-delivery.use-case.js';
import { SendTestWebhookUseCase } from './send-test-webhook.use-case.js';

@Controller()
export class DeliveriesHandler {
  constructor(
    private readonly listDeliveries: ListDeliveriesUseCase,
    private readonly retryDelivery: RetryDeliveryUseCase,
    private readonly sendTest: SendTestWebhookUseCase,
    private readonly getDelivery: GetDeliveryUseCase,
    private readonly retryFailed: RetryFailedDeliveriesUseCase,
  ) {}

  @RpcHandler(EventsContracts.listDeliveries)
  list(
    @RpcPayload(EventsContracts.listDeliveries)
    request: RpcRequest<typeof EventsContracts.listDeliveries>,
  ) {
    return this.listDeliveries.execute(request);
  }

  @RpcHandler(EventsContracts.retryDelivery)
  retry(
    @RpcPayload(EventsContracts.retryDelivery)
    request: RpcRequest<typeof EventsContracts.retryDelivery>,
  ) {
    return this.retryDelivery.execute(request);
  }

  @RpcHandler(EventsContracts.getDelivery)
  detail(@RpcPayload(EventsContracts.getDelivery) request: RpcRequest<typeof EventsContracts.getDelivery>) {
    return this.getDelivery.execute(request);
  }

  @RpcHandler(EventsContracts.retryFailedDeliveries)
  retryAllFailed(
    @RpcPayload(EventsContracts.retryFailedDeliveries)
    request: RpcRequest<typeof EventsContracts.retryFailedDeliveries>,
  ) {
    return this.retryFailed.execute(request);
  }

  @RpcHandler(EventsContracts.sendTestWebhook)
  sendTestWebhook(
    @RpcPayload(EventsContracts.sendTestWebhook)
    request: RpcRequest<typeof EventsContracts.sendTestWebhook>,
  ) {
    return this.sendTest.execute(request.teamId, request.webhookId);
  }
}
