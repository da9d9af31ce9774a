import { formatCents } from '@cps/domain';
import { ulid } from 'ulid';
import { type PurchaseWithItems } from '../purchases/purchase.entity.js';
import { type RetailerOrder } from '../retailer-adapters/retailer-adapter.js';

/** A retailer order as the purchase rows sync-service stores (money as two-place decimal strings). */
export function toCollectedPurchase(
  order: RetailerOrder,
  owner: { teamId: string; connectionId: string; retailerId: string; collectedAt: Date },
): PurchaseWithItems {
  // Ids carry the purchase date, so they sort like the purchases they name.
  const time = order.orderedAt.getTime();
  const id = ulid(time);
  const { totals } = order;
  return {
    purchase: {
      id,
      teamId: owner.teamId,
      connectionId: owner.connectionId,
      retailerId: owner.retailerId,
      retailerOrderId: order.retailerOrderId,
      date: order.orderedAt,
      purchaseType: order.purchaseType,
      currency: order.currency,
      itemsSubtotal: formatCents(totals.itemsSubtotal),
      discounts: formatCents(totals.discounts),
      shipping: formatCents(totals.shipping),
      fees: formatCents(totals.fees),
      tax: formatCents(totals.tax),
      total: formatCents(totals.total),
      isSimulated: false,
      createdAt: owner.collectedAt,
    },
    items: order.lines.map((line, position) => ({
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

/** Runs `work` over `items` with at most `limit` at once; results in input order. Fails with the first failure. */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
