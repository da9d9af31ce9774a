import { pickOne, randomInt, type RandomFn } from '../random.js';

/**
 * What a made-up receipt charges besides its items, by one set of rules for the platform's simulator and the
 * sandbox retailer: how many units a line has, shipping, fees and the sales tax rate.
 */

/** Mostly single units, sometimes two or three. */
export const RECEIPT_QUANTITIES = [1, 1, 1, 1, 2, 2, 3] as const;
/** US state + local sales tax rates in basis points, grocery-exempt states included. */
const TAX_RATES_BPS = [0, 400, 600, 625, 700, 725, 825, 875, 950] as const;
const FREE_SHIPPING_FROM_CENTS = 3_500;
const SHIPPING_CENTS = 599;
const ONLINE_SERVICE_FEE_CENTS = 299;
const BAG_FEE_CENTS = 10;
const FEE_CHANCE = 0.25;

/** Online orders under the free-shipping threshold (after discounts) pay shipping; in-store ones never do. */
export function receiptShippingCents(online: boolean, discountedSubtotalCents: number): number {
  return online && discountedSubtotalCents < FREE_SHIPPING_FROM_CENTS ? SHIPPING_CENTS : 0;
}

/** Sometimes a fee: an online service fee, or a few bags in store. */
export function randomReceiptFeesCents(random: RandomFn, online: boolean): number {
  if (random() >= FEE_CHANCE) return 0;
  return online ? ONLINE_SERVICE_FEE_CENTS : BAG_FEE_CENTS * randomInt(random, 1, 4);
}

export function randomTaxRateBasisPoints(random: RandomFn): number {
  return pickOne(random, TAX_RATES_BPS);
}
