import { Injectable, NotFoundException } from '@nestjs/common';
import { MatchingContracts, SyncContracts, type PurchaseDetail } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { type Principal } from '../auth/principal.js';
import { purchaseView } from './purchase-view.js';

const notFound = () => new NotFoundException({ detail: 'purchase not found' });

/**
 * A purchase's detail with each item's matched product. A connection token reads only its connection's
 * purchases; a partner token (`purchases:brand_products`) any purchase of its team, narrowed to the
 * team's matched items, and 404 when there are none.
 */
@Injectable()
export class GetPurchaseUseCase {
  constructor(private readonly rpc: RpcClient) {}

  async execute(caller: Principal, purchaseId: string): Promise<PurchaseDetail> {
    const teamId = caller.teamId;
    const connectionId = caller.kind === 'connection_token' ? caller.connectionId : undefined;
    const [purchase, { matches }] = await Promise.all([
      this.rpc.request(SyncContracts.getPurchase, { teamId, purchaseId, ...(connectionId ? { connectionId } : {}) }),
      this.rpc.request(MatchingContracts.getPurchaseMatches, { teamId, purchaseId }),
    ]);
    const view = purchaseView(purchase, matches, caller.kind === 'oauth');
    if (!view) throw notFound();
    return view;
  }
}
