import { type SyncContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { type PurchasePageRow } from './purchase.repository.js';

export type PurchaseListEntry = SyncContracts.PurchaseListEntry;

export function toPurchaseListEntry(row: PurchasePageRow): PurchaseListEntry {
  return { purchase_id: row.id, date: row.date, total: row.total, purchase_type: row.purchase_type };
}

/** Unknown purchases, other teams', other connections' and deleted connections' all look the same. */
export function purchaseNotFound(purchaseId: string): RpcRefusal {
  return new RpcRefusal(404, `purchase ${purchaseId} not found`);
}
