import { Injectable } from '@nestjs/common';
import { EventsContracts, type RpcResponse } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type ListDeliveriesQuery } from './dto/list-deliveries.query.dto.js';

@Injectable()
export class ListDeliveriesUseCase {
  constructor(private readonly rpc: RpcClient) {}

  execute(
    teamId: string,
    webhookId: string,
    page: ListDeliveriesQuery,
  ): Promise<RpcResponse<typeof EventsContracts.listDeliveries>> {
    return this.rpc.request(EventsContracts.listDeliveries, { teamId, webhookId, ...page });
  }
}
