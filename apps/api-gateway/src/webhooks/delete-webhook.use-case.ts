import { Injectable } from '@nestjs/common';
import { EventsContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

@Injectable()
export class DeleteWebhookUseCase {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, webhookId: string): Promise<void> {
    await this.rpc.request(EventsContracts.deleteWebhook, { teamId, webhookId });
  }
}
