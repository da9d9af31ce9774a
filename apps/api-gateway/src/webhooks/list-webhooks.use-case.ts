import { Injectable } from '@nestjs/common';
import { EventsContracts, type Webhook } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

@Injectable()
export class ListWebhooksUseCase {
  constructor(private readonly rpc: RpcClient) {}

  execute(teamId: string): Promise<{ webhooks: Webhook[] }> {
    return this.rpc.request(EventsContracts.listWebhooks, { teamId });
  }
}
