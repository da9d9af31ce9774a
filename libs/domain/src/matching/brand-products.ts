import { formatCents, parseMoney } from '../money/money.js';

interface PricedItem {
  product: unknown;
  price: string;
  quantity: number;
}

/**
 * What a brand-products reader (a partner app) may see of a purchase: only the items matched to the brand's
 * products, with `item_count` and `items_subtotal` over those; order-level amounts stay as reported. Null
 * when no item matched: the purchase is not theirs to see.
 */
export function onlyBrandProducts<
  P extends { items: I[]; item_count: number; items_subtotal: string },
  I extends PricedItem,
>(purchase: P): P | null {
  const items = purchase.items.filter((item) => item.product !== null);
  if (items.length === 0) return null;
  return {
    ...purchase,
    items,
    item_count: items.reduce((units, item) => units + item.quantity, 0),
    items_subtotal: formatCents(items.reduce((sum, item) => sum + parseMoney(item.price) * item.quantity, 0)),
  };
}
