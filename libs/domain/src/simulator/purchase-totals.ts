import { type Cents } from '../money/money.js';

export interface PricedLine {
  priceCents: Cents;
  quantity: number;
}

export interface PurchaseCharges {
  discountCents: Cents;
  shippingCents: Cents;
  feesCents: Cents;
  /** Sales tax rate in basis points (825 = 8.25%), applied to the subtotal after discounts. */
  taxRateBasisPoints: number;
}

export interface PurchaseTotals {
  itemsSubtotal: Cents;
  discounts: Cents;
  shipping: Cents;
  fees: Cents;
  tax: Cents;
  total: Cents;
}

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole cents >= 0, got ${value}`);
}

/**
 * items_subtotal = sum(price x quantity); discounts never exceed it; tax is rounded half up to the
 * cent; total = items_subtotal - discounts + shipping + fees + tax.
 */
export function computePurchaseTotals(lines: readonly PricedLine[], charges: PurchaseCharges): PurchaseTotals {
  let itemsSubtotal = 0;
  for (const line of lines) {
    assertCents('price', line.priceCents);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`quantity must be a positive integer, got ${line.quantity}`);
    }
    itemsSubtotal += line.priceCents * line.quantity;
  }
  assertCents('discount', charges.discountCents);
  assertCents('shipping', charges.shippingCents);
  assertCents('fees', charges.feesCents);
  assertCents('tax rate', charges.taxRateBasisPoints);
  const discounts = Math.min(charges.discountCents, itemsSubtotal);
  const taxable = itemsSubtotal - discounts;
  const tax = Math.floor((taxable * charges.taxRateBasisPoints + 5_000) / 10_000);
  return {
    itemsSubtotal,
    discounts,
    shipping: charges.shippingCents,
    fees: charges.feesCents,
    tax,
    total: itemsSubtotal - discounts + charges.shippingCents + charges.feesCents + tax,
  };
}

/** The number of units in a purchase (the detail record's `item_count`). */
export function countUnits(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
