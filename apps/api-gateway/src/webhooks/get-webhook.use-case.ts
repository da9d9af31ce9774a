import { Injectable } from '@nestjs/common';
import { EventsContracts, type Webhook } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

@Injectable()
export class GetWebhookUseCase {
  constructor(private readonly rpc: RpcClient) {}

  execute(teamId: string, webhookId: string): Promise<Webhook> {
    return this.rpc.request(EventsContracts.getWebhook, { teamId, webhookId });
  }
}
