import { Controller } from '@nestjs/common';
import { MatchingContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { GetPurchaseMatchesUseCase } from './get-purchase-matches.use-case.js';

@Controller()
export class MatchesHandler {
  constructor(private readonly getPurchaseMatches: GetPurchaseMatchesUseCase) {}

  @RpcHandler(MatchingContracts.getPurchaseMatches)
  purchaseMatches(
    @RpcPayload(MatchingContracts.getPurchaseMatches)
    request: RpcRequest<typeof MatchingContracts.getPurchaseMatches>,
  ) {
    return this.getPurchaseMatches.execute(request.teamId, request.purchaseId);
  }
}
