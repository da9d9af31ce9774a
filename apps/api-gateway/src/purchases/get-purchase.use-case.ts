import { Injectable, NotFoundException } from '@nestjs/common';
import { type PurchaseDetail } from '@cps/contracts';
import { MatchingClient } from '../clients/matching.client.js';
import { SyncClient } from '../clients/sync.client.js';
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
  constructor(
    private readonly sync: SyncClient,
    private readonly matching: MatchingClient,
  ) {}

  async execute(caller: Principal, purchaseId: string): Promise<PurchaseDetail> {
    const teamId = caller.teamId;
    const connectionId = caller.kind === 'connection_token' ? caller.connectionId : undefined;
    const [purchase, { matches }] = await Promise.all([
      this.sync.getPurchase({ teamId, purchaseId, ...(connectionId ? { connectionId } : {}) }),
      this.matching.getPurchaseMatches({ teamId, purchaseId }),
    ]);
    const view = purchaseView(purchase, matches, caller.kind === 'oauth');
    if (!view) throw notFound();
    return view;
  }
}
