import { pickDistinct, pickOne, randomInt, type RandomFn } from '../random.js';
import { SIMULATED_PRODUCTS, type CatalogProduct } from './product-catalog.js';
import { computePurchaseTotals, type PurchaseTotals } from './purchase-totals.js';
import {
  randomReceiptFeesCents,
  randomTaxRateBasisPoints,
  RECEIPT_QUANTITIES,
  receiptShippingCents,
} from './receipt-charges.js';

export type PurchaseType = 'online' | 'in_store';

export interface SimulatedPurchaseLine extends CatalogProduct {
  quantity: number;
}

export interface SimulatedPurchase {
  date: Date;
  purchaseType: PurchaseType;
  currency: 'USD';
  lines: SimulatedPurchaseLine[];
  totals: PurchaseTotals;
}

export interface PurchaseScenario {
  random: RandomFn;
  date: Date;
  /** Channels the retailer sells through; see purchaseTypesFor. */
  purchaseTypes?: readonly PurchaseType[];
  products?: readonly CatalogProduct[];
}

const MAX_LINES = 6;
const COUPON_CHANCE = 0.3;

const ONLINE_ONLY_RETAILERS = new Set(['amazon', 'instacart']);

/** Where a retailer's purchases happen: delivery-only retailers never produce in-store receipts. */
export function purchaseTypesFor(retailerId: string): readonly PurchaseType[] {
  return ONLINE_ONLY_RETAILERS.has(retailerId) ? ['online'] : ['online', 'in_store'];
}

/** A store coupon: a percentage off the basket or a few dollars off, never more than the basket. */
function couponCents(random: RandomFn, subtotalCents: number): number {
  const amount =
    random() < 0.5 ? Math.round((subtotalCents * pickOne(random, [5, 10, 15])) / 100) : randomInt(random, 1, 5) * 100;
  return Math.min(amount, subtotalCents);
}

/** One realistic receipt: 1-6 distinct products, coupons, shipping under the free-shipping threshold, fees, tax. */
export function generateSimulatedPurchase(scenario: PurchaseScenario): SimulatedPurchase {
  const { random, date } = scenario;
  const products = scenario.products ?? SIMULATED_PRODUCTS;
  const purchaseType = pickOne<PurchaseType>(random, scenario.purchaseTypes ?? ['online', 'in_store']);
  const lineCount = randomInt(random, 1, Math.min(MAX_LINES, products.length));
  const lines = pickDistinct(random, products, lineCount).map((product) => ({
    ...product,
    quantity: pickOne(random, RECEIPT_QUANTITIES),
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const discountCents = random() < COUPON_CHANCE ? couponCents(random, subtotal) : 0;
  const online = purchaseType === 'online';
  const totals = computePurchaseTotals(lines, {
    discountCents,
    shippingCents: receiptShippingCents(online, subtotal - discountCents),
    feesCents: randomReceiptFeesCents(random, online),
    taxRateBasisPoints: randomTaxRateBasisPoints(random),
  });
  return { date, purchaseType, currency: 'USD', lines, totals };
}

export interface HistoryScenario {
  random: RandomFn;
  now: Date;
  purchaseTypes?: readonly PurchaseType[];
  /** Oldest a purchase may be; simulated data older than 30 days is purged, so history stays inside it. */
  maxAgeDays?: number;
}

const HOUR_SECONDS = 3_600;
const DAY_SECONDS = 86_400;

/** The back-dated history of a freshly linked simulated account: 1-4 purchases, oldest first. */
export function generatePurchaseHistory(scenario: HistoryScenario): SimulatedPurchase[] {
  const { random, now } = scenario;
  const maxAgeDays = scenario.maxAgeDays ?? 30;
  const count = randomInt(random, 1, 4);
  const ages = Array.from({ length: count }, () =>
    randomInt(random, HOUR_SECONDS, maxAgeDays * DAY_SECONDS - HOUR_SECONDS),
  ).sort((a, b) => b - a);
  return ages.map((ageSeconds) =>
    generateSimulatedPurchase({
      random,
      date: new Date(now.getTime() - ageSeconds * 1_000),
      purchaseTypes: scenario.purchaseTypes,
    }),
  );
}
