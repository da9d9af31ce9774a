import { type SyncContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { type PurchaseEntity } from './purchase.entity.js';

export type PurchaseListEntry = SyncContracts.PurchaseListEntry;

export function toPurchaseListEntry(purchase: PurchaseEntity): PurchaseListEntry {
  return {
    purchase_id: purchase.id,
    date: purchase.date.toISOString(),
    total: purchase.total,
    purchase_type: purchase.purchaseType,
  };
}

/** Unknown purchases, other teams', other connections' and deleted connections' all look the same. */
export function purchaseNotFound(purchaseId: string): RpcRefusal {
  return new RpcRefusal(404, `purchase ${purchaseId} not found`);
}
