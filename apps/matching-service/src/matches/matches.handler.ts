import { Controller } from '@nestjs/common';
import { MatchingContracts, type RpcRequest } from '@cps/contracts';
import { RpcHandler, RpcPayload } from '@cps/messaging';
import { GetPurchaseMatchesUseCase } from './get-purchase-matches.use-case.js';
import { ItemMatchRepository } from './item-match.repository.js';

@Controller()
export class MatchesHandler {
  constructor(
    private readonly getPurchaseMatches: GetPurchaseMatchesUseCase,
    private readonly matches: ItemMatchRepository,
  ) {}

  @RpcHandler(MatchingContracts.getPurchaseMatches)
  purchaseMatches(
    @RpcPayload(MatchingContracts.getPurchaseMatches)
    request: RpcRequest<typeof MatchingContracts.getPurchaseMatches>,
  ) {
    return this.getPurchaseMatches.execute(request.teamId, request.purchaseId);
  }

  /** A read with no rule of its own: the repository's aggregate is the answer. */
  @RpcHandler(MatchingContracts.teamTopProducts)
  async topProducts(
    @RpcPayload(MatchingContracts.teamTopProducts)
    request: RpcRequest<typeof MatchingContracts.teamTopProducts>,
  ) {
    const { teamId, from, to, simulated, limit } = request;
    return { products: await this.matches.topProducts(teamId, { from, to, simulated }, limit) };
  }
}
