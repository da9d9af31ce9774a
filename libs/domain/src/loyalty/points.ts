import { formatCents, parseMoney, type Cents } from '../money/money.js';

/** Decimal places a points-per-dollar rate may have (0.0001 points a dollar at the finest). */
export const POINTS_RATE_DECIMALS = 4;
const RATE_SCALE = 10n ** BigInt(POINTS_RATE_DECIMALS);

/** What a loyalty or marketing integration rewards (INTERFACE-DECISIONS: loyalty integration settings). */
export interface PointsSettings {
  /** Points a dollar of items, >= 0, up to four decimal places. */
  pointsPerDollar: number;
  /** Only purchases dated at or after the start of this UTC day are rewarded; null: all of them. */
  startDate: string | null;
}

/** An item as collected: its unit price (two-place decimal string) and quantity. */
export interface PointsItem {
  price: string;
  quantity: number;
}

export type PurchasePoints =
  | { rewarded: true; points: number; itemsSubtotal: string }
  | { rewarded: false; reason: 'before_start_date'; itemsSubtotal: string };

/**
 * items_subtotal: the sum of price x quantity over the collected items. Taxes, shipping, fees and
 * purchase-level discounts are not items and are not in it; an item line with a negative price (a coupon
 * collected as an item) counts like any other item.
 */
export function itemsSubtotalCents(items: readonly PointsItem[]): Cents {
  let total = 0;
  for (const item of items) {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 0) {
      throw new RangeError(`an item quantity is a whole number >= 0, got ${item.quantity}`);
    }
    total += parseMoney(item.price) * item.quantity;
  }
  return total;
}

/** The rate as an exact integer of ten-thousandths (a float times 10^4 rounds to the decimal it was written as). */
function rateUnits(pointsPerDollar: number): bigint {
  if (!Number.isFinite(pointsPerDollar) || pointsPerDollar < 0) {
    throw new RangeError(`points_per_dollar must be >= 0, got ${pointsPerDollar}`);
  }
  const units = Math.round(pointsPerDollar * Number(RATE_SCALE));
  if (Math.abs(units - pointsPerDollar * Number(RATE_SCALE)) > 1e-6) {
    throw new RangeError(
      `points_per_dollar has at most ${POINTS_RATE_DECIMALS} decimal places, got ${pointsPerDollar}`,
    );
  }
  return BigInt(units);
}

/** ceil(cents x rate / 100), exactly (no floating point); never negative. */
export function pointsFor(subtotalCents: Cents, pointsPerDollar: number): number {
  if (subtotalCents <= 0) return 0;
  const numerator = BigInt(subtotalCents) * rateUnits(pointsPerDollar);
  const denominator = 100n * RATE_SCALE;
  return Number((numerator + denominator - 1n) / denominator);
}

/** The first instant a start date admits: midnight UTC of that day. */
export function startOfStartDate(startDate: string): Date {
  const start = /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? new Date(`${startDate}T00:00:00.000Z`) : null;
  // Date rolls 2026-02-30 over to March: a real day reads back the same.
  if (!start || Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== startDate) {
    throw new RangeError(`start_date must be a YYYY-MM-DD day, got ${startDate}`);
  }
  return start;
}

/**
 * Points for a purchase: ceil(items_subtotal x points_per_dollar), for purchases dated on or after the start date
 * (seed, events rule 3).
 */
export function purchasePoints(
  purchase: { date: Date; items: readonly PointsItem[] },
  settings: PointsSettings,
): PurchasePoints {
  const subtotal = itemsSubtotalCents(purchase.items);
  const itemsSubtotal = formatCents(subtotal);
  if (settings.startDate !== null && purchase.date.getTime() < startOfStartDate(settings.startDate).getTime()) {
    return { rewarded: false, reason: 'before_start_date', itemsSubtotal };
  }
  return { rewarded: true, points: pointsFor(subtotal, settings.pointsPerDollar), itemsSubtotal };
}
