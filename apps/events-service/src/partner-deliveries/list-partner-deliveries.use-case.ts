import { Controller, Injectable } from '@nestjs/common';
import { LIST_LIMIT, EventsContracts, type RpcRequest, type RpcResponse } from '@cps/contracts';
import { rowsToRead, takePage } from '@cps/domain';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { toWebhookDelivery } from '../deliveries/delivery-view.js';
import { DeliveryRepository } from '../deliveries/delivery.repository.js';

type Contract = typeof EventsContracts.listPartnerDeliveries;

/** A team's deliveries to the partner apps it installed (the brand's view), or one app's (the partner's). */
@Injectable()
export class ListPartnerDeliveriesUseCase {
  constructor(private readonly deliveries: DeliveryRepository) {}

  async execute(request: RpcRequest<Contract>): Promise<RpcResponse<Contract>> {
    const limit = request.limit ?? LIST_LIMIT.default;
    const rows = await this.deliveries.listForPartners(
      request.teamId,
      request.clientId ?? null,
      rowsToRead(limit),
      request.starting_after ?? null,
    );
    const page = takePage(rows, limit);
    return {
      deliveries: page.items.map((row) => {
        const { webhook_id: _destination, is_simulated: _simulated, ...delivery } = toWebhookDelivery(row);
        return { ...delivery, client_id: row.clientId };
      }),
      has_more: page.hasMore,
    };
  }
}

@Controller()
export class PartnerDeliveriesHandler {
  constructor(private readonly listDeliveries: ListPartnerDeliveriesUseCase) {}

  @RpcHandler(EventsContracts.listPartnerDeliveries)
  list(@RpcPayload(EventsContracts.listPartnerDeliveries) request: RpcRequest<Contract>) {
    return this.listDeliveries.execute(request);
  }
}
