import { onlyBrandProducts } from '@cps/domain';
import { type PurchaseDetail, type ProductRef } from '@cps/contracts';

export interface ItemMatch {
  item_id: string;
  product: ProductRef | null;
}

/**
 * The purchase detail a caller sees: each item's `product` filled from matching-service. With
 * `brandProductsOnly` (a partner token with `purchases:brand_products`) only matched items remain, and
 * `item_count` / `items_subtotal` cover those items; null when none remain (the purchase is not theirs
 * to see). Order-level amounts (discounts, shipping, fees, tax, total) stay as the retailer reported them.
 */
export function purchaseView(
  purchase: PurchaseDetail,
  matches: readonly ItemMatch[],
  brandProductsOnly: boolean,
): PurchaseDetail | null {
  const products = new Map(matches.map((match) => [match.item_id, match.product]));
  const items = purchase.items.map((item) => ({ ...item, product: products.get(item.item_id) ?? null }));
  return brandProductsOnly ? onlyBrandProducts({ ...purchase, items }) : { ...purchase, items };
}
