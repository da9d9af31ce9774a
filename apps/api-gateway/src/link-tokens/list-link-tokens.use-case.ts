import { Injectable } from '@nestjs/common';
import { SyncContracts, type RpcResponse } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type ListLinkTokensQuery } from './dto/link-token.dto.js';

@Injectable()
export class ListLinkTokensUseCase {
  constructor(private readonly rpc: RpcClient) {}

  execute(teamId: string, query: ListLinkTokensQuery): Promise<RpcResponse<typeof SyncContracts.listLinkTokens>> {
    return this.rpc.request(SyncContracts.listLinkTokens, { teamId, ...query });
  }
}
