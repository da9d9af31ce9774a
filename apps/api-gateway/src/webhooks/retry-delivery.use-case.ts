import { Injectable } from '@nestjs/common';
import { EventsContracts, type RpcResponse } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

@Injectable()
export class RetryDeliveryUseCase {
  constructor(private readonly rpc: RpcClient) {}

  execute(
    teamId: string,
    webhookId: string,
    deliveryId: string,
  ): Promise<RpcResponse<typeof EventsContracts.retryDelivery>> {
    return this.rpc.request(EventsContracts.retryDelivery, { teamId, webhookId, deliveryId });
  }
}
