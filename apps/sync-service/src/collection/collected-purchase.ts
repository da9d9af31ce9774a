import { type PurchaseWithItems } from '../purchases/purchase.entity.js';
import { toPurchaseRows } from '../purchases/purchase-rows.js';
import { type RetailerOrder } from '../retailer-adapters/retailer-adapter.js';

/** A retailer order as the purchase rows sync-service stores. */
export function toCollectedPurchase(
  order: RetailerOrder,
  owner: { teamId: string; connectionId: string; retailerId: string; collectedAt: Date },
): PurchaseWithItems {
  return toPurchaseRows(
    { ...order, date: order.orderedAt },
    { ...owner, retailerOrderId: order.retailerOrderId, isSimulated: false, createdAt: owner.collectedAt },
  );
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
