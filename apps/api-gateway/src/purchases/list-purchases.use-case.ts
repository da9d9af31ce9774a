import { Injectable } from '@nestjs/common';
import { SyncContracts, type RpcResponse } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type ListPurchasesQuery } from './dto/purchase.dto.js';

@Injectable()
export class ListPurchasesUseCase {
  constructor(private readonly rpc: RpcClient) {}

  /** One page of the connection's purchases, newest first (date, then id). */
  async execute(
    teamId: string,
    connectionId: string,
    page: ListPurchasesQuery,
  ): Promise<RpcResponse<typeof SyncContracts.listPurchases>> {
    const { has_more, purchases } = await this.rpc.request(SyncContracts.listPurchases, {
      teamId,
      connectionId,
      ...page,
    });
    return { has_more, purchases };
  }
}
