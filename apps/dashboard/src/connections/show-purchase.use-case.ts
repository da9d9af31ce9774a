import { Injectable } from '@nestjs/common';
import { MatchingContracts, SyncContracts, type PurchaseDetail } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

export interface PurchaseView {
  purchase: PurchaseDetail;
  /** The product each item matched, by item id. */
  matched: Map<string, MatchingContracts.PurchaseMatches['matches'][number]['product']>;
}

/** One purchase of a connection of the team with the products its items matched (sync-service, matching-service). */
@Injectable()
export class ShowPurchase {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, connectionId: string, purchaseId: string): Promise<PurchaseView> {
    const [purchase, { matches }] = await Promise.all([
      this.rpc.request(SyncContracts.getPurchase, { teamId, purchaseId, connectionId }),
      this.rpc.request(MatchingContracts.getPurchaseMatches, { teamId, purchaseId }),
    ]);
    return { purchase, matched: new Map(matches.map((match) => [match.item_id, match.product])) };
  }
}
