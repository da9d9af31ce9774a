import { Injectable } from '@nestjs/common';
import { LIST_LIMIT, type EventsContracts, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { rowsToRead, takePage } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { WebhookDestinationRepository } from '../webhooks/webhook-destination.repository.js';
import { webhookNotFound } from '../webhooks/webhook-view.js';
import { DeliveryRepository } from './delivery.repository.js';
import { toWebhookDelivery } from './delivery-view.js';

type Request = RpcRequest<typeof EventsContracts.listDeliveries>;

@Injectable()
export class ListDeliveriesUseCase {
  constructor(
    private readonly destinations: WebhookDestinationRepository,
    private readonly deliveries: DeliveryRepository,
  ) {}

  /** Newest first, one page; `has_more` tells whether an older page exists. */
  async execute(request: Request): Promise<RpcResponse<typeof EventsContracts.listDeliveries>> {
    const { teamId, webhookId } = request;
    const limit = request.limit ?? LIST_LIMIT.default;
    if (!(await this.destinations.findOwned(teamId, webhookId))) throw new RpcRefusal(404, webhookNotFound(webhookId));
    const rows = await this.deliveries.listForDestination(
      teamId,
      webhookId,
      rowsToRead(limit),
      request.starting_after ?? null,
    );
    const page = takePage(rows, limit);
    return { deliveries: page.items.map(toWebhookDelivery), has_more: page.hasMore };
  }
}
