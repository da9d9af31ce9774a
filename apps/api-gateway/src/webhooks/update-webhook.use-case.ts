import { Injectable } from '@nestjs/common';
import { EventsContracts, type Webhook } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type UpdateWebhookBody } from './dto/webhook-body.dto.js';

@Injectable()
export class UpdateWebhookUseCase {
  constructor(private readonly rpc: RpcClient) {}

  execute(teamId: string, webhookId: string, changes: UpdateWebhookBody): Promise<Webhook> {
    return this.rpc.request(EventsContracts.updateWebhook, { teamId, webhookId, ...changes });
  }
}
