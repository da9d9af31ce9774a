import { formatCents } from '@cps/domain';
import { type OrderSummary, type StoredOrder } from './order.repository.js';

/** Money leaves as two-place decimal strings, the way retailers' order pages show it. */
export function toOrderSummaryView(order: OrderSummary) {
  return {
    order_id: order.id,
    ordered_at: order.orderedAt.toISOString(),
    channel: order.channel,
    currency: order.currency,
    total: formatCents(order.totalCents),
    item_count: order.itemCount,
  };
}

export function toOrderView(order: StoredOrder) {
  return {
    order_id: order.id,
    ordered_at: order.orderedAt.toISOString(),
    channel: order.channel,
    store_number: order.storeNumber,
    currency: order.currency,
    items: order.lines.map((line, index) => ({
      line: index + 1,
      name: line.name,
      brand: line.brand,
      upc: line.upc,
      sku: line.sku,
      unit_price: formatCents(line.unitPriceCents),
      quantity: line.quantity,
      line_total: formatCents(line.unitPriceCents * line.quantity),
    })),
    subtotal: formatCents(order.totals.itemsSubtotal),
    discounts: formatCents(order.totals.discounts),
    shipping: formatCents(order.totals.shipping),
    fees: formatCents(order.totals.fees),
    tax: formatCents(order.totals.tax),
    total: formatCents(order.totals.total),
  };
}

export type OrderSummaryView = ReturnType<typeof toOrderSummaryView>;
export type OrderView = ReturnType<typeof toOrderView>;
