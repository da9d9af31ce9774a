import { Controller } from '@nestjs/common';
import { PURCHASE_LIST_LIMIT, SyncContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { GetPurchaseUseCase } from './get-purchase.use-case.js';
import { ListPurchasesUseCase } from './list-purchases.use-case.js';

@Controller()
export class PurchasesHandler {
  constructor(
    private readonly listPurchases: ListPurchasesUseCase,
    private readonly getPurchase: GetPurchaseUseCase,
  ) {}

  @RpcHandler(SyncContracts.listPurchases)
  list(@RpcPayload(SyncContracts.listPurchases) request: RpcRequest<typeof SyncContracts.listPurchases>) {
    return this.listPurchases.execute({
      teamId: request.teamId,
      connectionId: request.connectionId,
      limit: request.limit ?? PURCHASE_LIST_LIMIT.default,
      startingAfter: request.starting_after,
    });
  }

  @RpcHandler(SyncContracts.getPurchase)
  get(@RpcPayload(SyncContracts.getPurchase) request: RpcRequest<typeof SyncContracts.getPurchase>) {
    return this.getPurchase.execute(request.teamId, request.purchaseId, request.connectionId);
  }
}
