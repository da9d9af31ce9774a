import { Injectable } from '@nestjs/common';
import { type PurchaseDetail } from '@cps/contracts';
import { toPurchaseDetail } from './purchase-detail.js';
import { purchaseNotFound } from './purchase-resource.js';
import { PurchaseRepository } from './purchase.repository.js';

/** GET /purchases/{id}: the stored detail; with a connection (connection-token access) it must be that connection's. */
@Injectable()
export class GetPurchaseUseCase {
  constructor(private readonly purchases: PurchaseRepository) {}

  async execute(teamId: string, purchaseId: string, connectionId?: string): Promise<PurchaseDetail> {
    const found = await this.purchases.findOwned(teamId, purchaseId, connectionId);
    if (!found) throw purchaseNotFound(purchaseId);
    return toPurchaseDetail(found);
  }
}
