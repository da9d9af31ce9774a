import { type PurchaseDetail } from '@cps/contracts';
import { countUnits } from '@cps/domain';
import { type PurchaseWithItems } from './purchase.entity.js';

/** The detail record as sync-service knows it: `product` is matching-service's to fill in. */
export function toPurchaseDetail({ purchase, items }: PurchaseWithItems): PurchaseDetail {
  const ordered = [...items].sort((a, b) => a.position - b.position);
  return {
    purchase_id: purchase.id,
    connection_id: purchase.connectionId,
    retailer_id: purchase.retailerId,
    date: purchase.date.toISOString(),
    purchase_type: purchase.purchaseType,
    currency: purchase.currency,
    items_subtotal: purchase.itemsSubtotal,
    discounts: purchase.discounts,
    shipping: purchase.shipping,
    fees: purchase.fees,
    tax: purchase.tax,
    total: purchase.total,
    item_count: countUnits(ordered),
    is_simulated: purchase.isSimulated,
    items: ordered.map((item) => ({
      item_id: item.id,
      name: item.name,
      brand: item.brand,
      upc: item.upc,
      sku: item.sku,
      price: item.price,
      quantity: item.quantity,
      product: null,
    })),
  };
}
