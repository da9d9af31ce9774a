import { Injectable } from '@nestjs/common';
import { SyncContracts, type PurchaseDetail } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

@Injectable()
export class CreateSimulatedPurchaseUseCase {
  constructor(private readonly rpc: RpcClient) {}

  execute(teamId: string, connectionId: string): Promise<PurchaseDetail> {
    return this.rpc.request(SyncContracts.createSimulatedPurchase, { teamId, connectionId });
  }
}
