import { formatCents, type PurchaseTotals, type PurchaseType } from '@cps/domain';
import { ulid } from '@cps/contracts';
import { type PurchaseWithItems } from './purchase.entity.js';

/** A receipt in integer cents, from a retailer order or the simulator's generator. */
export interface Receipt {
  date: Date;
  purchaseType: PurchaseType;
  currency: string;
  totals: PurchaseTotals;
  lines: ReadonlyArray<{
    name: string;
    brand: string | null;
    upc: string | null;
    sku: string | null;
    priceCents: number;
    quantity: number;
  }>;
}

export interface PurchaseOwner {
  teamId: string;
  connectionId: string;
  retailerId: string;
  /** The retailer's order id (purchases are unique by it per connection); null for simulated ones. */
  retailerOrderId: string | null;
  isSimulated: boolean;
  createdAt: Date;
}

/** The rows sync-service stores for a receipt (money as two-place decimal strings). */
export function toPurchaseRows(receipt: Receipt, owner: PurchaseOwner): PurchaseWithItems {
  // Ids carry the purchase date, so they sort like the purchases they name.
  const time = receipt.date.getTime();
  const id = ulid(time);
  const { totals } = receipt;
  return {
    purchase: {
      id,
      teamId: owner.teamId,
      connectionId: owner.connectionId,
      retailerId: owner.retailerId,
      retailerOrderId: owner.retailerOrderId,
      date: receipt.date,
      purchaseType: receipt.purchaseType,
      currency: receipt.currency,
      itemsSubtotal: formatCents(totals.itemsSubtotal),
      discounts: formatCents(totals.discounts),
      shipping: formatCents(totals.shipping),
      fees: formatCents(totals.fees),
      tax: formatCents(totals.tax),
      total: formatCents(totals.total),
      isSimulated: owner.isSimulated,
      createdAt: owner.createdAt,
    },
    items: receipt.lines.map((line, position) => ({
      id: ulid(time),
      purchaseId: id,
      position,
      name: line.name,
      brand: line.brand,
      upc: line.upc,
      sku: line.sku,
      price: formatCents(line.priceCents),
      quantity: line.quantity,
    })),
  };
}
