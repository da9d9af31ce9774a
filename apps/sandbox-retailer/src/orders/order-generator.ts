import {
  computePurchaseTotals,
  hasValidCheckDigit,
  pickDistinct,
  pickOne,
  randomInt,
  randomReceiptFeesCents,
  randomTaxRateBasisPoints,
  RECEIPT_QUANTITIES,
  receiptShippingCents,
  SIMULATED_PRODUCTS,
  type Cents,
  type PurchaseCharges,
  type PurchaseTotals,
  type PurchaseType,
  type RandomFn,
} from '@cps/domain';

export interface OrderLine {
  name: string;
  brand: string | null;
  /** UPC-A, 12 digits with a valid check digit. */
  upc: string | null;
  sku: string | null;
  unitPriceCents: Cents;
  quantity: number;
}

/** An order before it is stored: what the retailer's receipt says. */
export interface OrderDraft {
  orderedAt: Date;
  channel: PurchaseType;
  /** The store of an in-store purchase. */
  storeNumber: string | null;
  currency: 'USD';
  lines: OrderLine[];
  totals: PurchaseTotals;
}

export const MAX_ITEMS = 20;

export function isUpcA(code: string): boolean {
  return /^\d{12}$/.test(code) && hasValidCheckDigit(code);
}

/** A receipt from the given lines and charges; totals follow the platform's rules (tax after discounts). */
export function buildOrder(input: {
  orderedAt: Date;
  channel: PurchaseType;
  storeNumber: string | null;
  lines: OrderLine[];
  charges: PurchaseCharges;
}): OrderDraft {
  const totals = computePurchaseTotals(
    input.lines.map((line) => ({ priceCents: line.unitPriceCents, quantity: line.quantity })),
    input.charges,
  );
  return {
    orderedAt: input.orderedAt,
    channel: input.channel,
    storeNumber: input.channel === 'in_store' ? input.storeNumber : null,
    currency: 'USD',
    lines: input.lines,
    totals,
  };
}

/**
 * A realistic random receipt: `itemCount` distinct everyday products (1-6 when not given), a coupon
 * now and then, shipping below the free-shipping threshold, a service or bag fee, local sales tax.
 */
export function generateOrder(input: {
  random: RandomFn;
  orderedAt: Date;
  /** Channels the retailer sells through. */
  channels: readonly PurchaseType[];
  channel?: PurchaseType;
  itemCount?: number;
}): OrderDraft {
  const { random } = input;
  const itemCount = input.itemCount ?? randomInt(random, 1, 6);
  if (!Number.isInteger(itemCount) || itemCount < 1 || itemCount > MAX_ITEMS) {
    throw new RangeError(`itemCount must be 1 to ${MAX_ITEMS}, got ${itemCount}`);
  }
  const channel = input.channel ?? pickOne(random, input.channels);
  const lines: OrderLine[] = pickDistinct(
    random,
    SIMULATED_PRODUCTS,
    Math.min(itemCount, SIMULATED_PRODUCTS.length),
  ).map((product) => ({
    name: product.name,
    brand: product.brand,
    upc: product.upc,
    sku: product.sku,
    unitPriceCents: product.priceCents,
    quantity: pickOne(random, RECEIPT_QUANTITIES),
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountCents = random() < 0.3 ? Math.round((subtotal * pickOne(random, [5, 10, 15])) / 100) : 0;
  const online = channel === 'online';
  const shippingCents = receiptShippingCents(online, subtotal - discountCents);
  const feesCents = randomReceiptFeesCents(random, online);
  return buildOrder({
    orderedAt: input.orderedAt,
    channel,
    storeNumber: String(randomInt(random, 1, 5_999)).padStart(4, '0'),
    lines,
    charges: { discountCents, shippingCents, feesCents, taxRateBasisPoints: randomTaxRateBasisPoints(random) },
  });
}

/** `count` instants spread over the `days` before `now`, oldest first: an account's order history. */
export function historyDates(random: RandomFn, now: Date, count: number, days: number): Date[] {
  const spanSeconds = days * 86_400;
  return Array.from({ length: count }, () => new Date(now.getTime() - randomInt(random, 60, spanSeconds) * 1_000)).sort(
    (a, b) => a.getTime() - b.getTime(),
  );
}

const digits = (random: RandomFn, count: number) =>
  Array.from({ length: count }, () => String(randomInt(random, 0, 9))).join('');

/** Order numbers that look like the retailer's own: Amazon's `113-1234567-1234567`, others `WAL-123456789012`. */
export function orderNumber(retailerId: string, random: RandomFn): string {
  if (retailerId === 'amazon') return `${digits(random, 3)}-${digits(random, 7)}-${digits(random, 7)}`;
  const prefix =
    retailerId
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 3)
      .toUpperCase() || 'ORD';
  return `${prefix}-${digits(random, 12)}`;
}
