import { Injectable } from '@nestjs/common';
import { EventsContracts, type RpcResponse } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type CreateWebhookBody } from './dto/webhook-body.dto.js';

@Injectable()
export class CreateWebhookUseCase {
  constructor(private readonly rpc: RpcClient) {}

  /** The response carries the signing secret; this is the only time it is shown. */
  execute(teamId: string, body: CreateWebhookBody): Promise<RpcResponse<typeof EventsContracts.createWebhook>> {
    return this.rpc.request(EventsContracts.createWebhook, { teamId, ...body });
  }
}
