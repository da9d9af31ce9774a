import { PURCHASE_LIST_LIMIT, SyncContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { GetPurchaseUseCase } from './get-purchase.use-case.js';
import { ListPurchasesUseCase } from './list-purchases.use-case.js';

export const PurchasesHandler = rpcHandlers('PurchasesHandler', [
  answer(SyncContracts.listPurchases, ListPurchasesUseCase, (useCase, request) =>
    useCase.execute({
      teamId: request.teamId,
      connectionId: request.connectionId,
      limit: request.limit ?? PURCHASE_LIST_LIMIT.default,
      startingAfter: request.starting_after,
    }),
  ),
  answer(SyncContracts.getPurchase, GetPurchaseUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.purchaseId, request.connectionId),
  ),
]);
