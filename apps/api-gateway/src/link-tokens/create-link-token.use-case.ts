import { Injectable } from '@nestjs/common';
import { SyncContracts, type RpcResponse } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type CreateLinkTokenBody } from './dto/link-token.dto.js';

@Injectable()
export class CreateLinkTokenUseCase {
  constructor(private readonly rpc: RpcClient) {}

  /** sync-service stores the token hashed and replays an identical request under the same idempotency key. */
  execute(
    teamId: string,
    body: CreateLinkTokenBody,
    idempotencyKey: string | undefined,
  ): Promise<RpcResponse<typeof SyncContracts.createLinkToken>> {
    return this.rpc.request(SyncContracts.createLinkToken, {
      teamId,
      ...body,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
  }
}
