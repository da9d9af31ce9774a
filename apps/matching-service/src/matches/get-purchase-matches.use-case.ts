import { Injectable } from '@nestjs/common';
import { type MatchingContracts, type RpcResponse } from '@cps/contracts';
import { ItemMatchRepository } from './item-match.repository.js';

/**
 * The team's matched product for each item of a purchase. A purchase this team never had matched (or
 * another team's) simply has no matches: matching-service does not know which purchases exist.
 */
@Injectable()
export class GetPurchaseMatchesUseCase {
  constructor(private readonly matches: ItemMatchRepository) {}

  async execute(teamId: string, purchaseId: string): Promise<RpcResponse<typeof MatchingContracts.getPurchaseMatches>> {
    const matches = await this.matches.listForPurchase(teamId, purchaseId);
    return { matches: matches.map((match) => ({ item_id: match.itemId, product: match.product })) };
  }
}
