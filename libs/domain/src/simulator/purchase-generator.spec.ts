import fc from 'fast-check';
import { normalizeGtin } from '../gtin/gtin.js';
import { type RandomFn } from '../random.js';
import { SIMULATED_PRODUCTS } from './product-catalog.js';
import {
  generatePurchaseHistory,
  generateSimulatedPurchase,
  purchaseTypesFor,
  type PurchaseType,
  type SimulatedPurchase,
} from './purchase-generator.js';

/** mulberry32: a tiny seeded PRNG, so every scenario is reproducible from its seed. */
function seeded(seed: number): RandomFn {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Replays the given numbers, then repeats the last one. */
function scripted(...values: number[]): RandomFn {
  let index = 0;
  return () => values[Math.min(index++, values.length - 1)] ?? 0;
}

const DATE = new Date('2025-03-14T15:09:26.000Z');

function expectConsistent(purchase: SimulatedPurchase): void {
  const { lines, totals } = purchase;
  expect(lines.length).toBeGreaterThanOrEqual(1);
  expect(lines.length).toBeLessThanOrEqual(6);
  expect(new Set(lines.map((line) => line.upc)).size).toBe(lines.length);
  for (const line of lines) {
    expect(line.quantity).toBeGreaterThanOrEqual(1);
    expect(line.quantity).toBeLessThanOrEqual(3);
  }
  expect(totals.itemsSubtotal).toBe(lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0));
  expect(totals.discounts).toBeLessThanOrEqual(totals.itemsSubtotal);
  expect(totals.total).toBe(totals.itemsSubtotal - totals.discounts + totals.shipping + totals.fees + totals.tax);
  for (const value of Object.values(totals)) expect(Number.isInteger(value) && value >= 0).toBe(true);
  if (purchase.purchaseType === 'in_store') expect(totals.shipping).toBe(0);
  expect(purchase.currency).toBe('USD');
}

describe('generateSimulatedPurchase', () => {
  it.each<[string, RandomFn, Partial<SimulatedPurchase> & { lineCount: number; discounts: number; shipping: number }]>([
    [
      'all-low draws: one online item, a coupon, shipping below the free-shipping threshold, a service fee',
      scripted(0),
      { purchaseType: 'online', lineCount: 1, discounts: Math.round(1397 * 0.05), shipping: 599 },
    ],
    [
      'all-high draws: six in-store lines, no coupon, no shipping',
      scripted(0.999),
      { purchaseType: 'in_store', lineCount: 6, discounts: 0, shipping: 0 },
    ],
  ])('%s', (_name, random, expected) => {
    const purchase = generateSimulatedPurchase({ random, date: DATE });
    expect(purchase.purchaseType).toBe(expected.purchaseType);
    expect(purchase.lines).toHaveLength(expected.lineCount);
    expect(purchase.totals.discounts).toBe(expected.discounts);
    expect(purchase.totals.shipping).toBe(expected.shipping);
    expect(purchase.date).toBe(DATE);
    expectConsistent(purchase);
  });

  it('is reproducible from its random source', () => {
    expect(generateSimulatedPurchase({ random: seeded(42), date: DATE })).toEqual(
      generateSimulatedPurchase({ random: seeded(42), date: DATE }),
    );
  });

  it('keeps its invariants for any random source', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom<readonly PurchaseType[]>(['online'], ['in_store'], ['online', 'in_store']),
        (seed, types) => {
          const purchase = generateSimulatedPurchase({ random: seeded(seed), date: DATE, purchaseTypes: types });
          expect(types).toContain(purchase.purchaseType);
          expectConsistent(purchase);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('ships free from $35 after discounts', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { totals } = generateSimulatedPurchase({ random: seeded(seed), date: DATE, purchaseTypes: ['online'] });
        expect(totals.shipping).toBe(totals.itemsSubtotal - totals.discounts < 3_500 ? 599 : 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('purchaseTypesFor', () => {
  it.each<[string, PurchaseType[]]>([
    ['amazon', ['online']],
    ['instacart', ['online']],
    ['walmart', ['online', 'in_store']],
    ['kroger', ['online', 'in_store']],
    ['unknown-retailer', ['online', 'in_store']],
  ])('%s sells %j', (retailer, types) => {
    expect(purchaseTypesFor(retailer)).toEqual(types);
  });
});

describe('generatePurchaseHistory', () => {
  const now = new Date('2025-06-01T12:00:00.000Z');
  const thirtyDaysAgo = now.getTime() - 30 * 86_400_000;

  it.each([
    ['fewest', scripted(0), 1],
    ['most', scripted(0.999), 4],
  ])('%s draws give %i purchases', (_name, random, count) => {
    expect(generatePurchaseHistory({ random, now })).toHaveLength(count);
  });

  it('back-dates 1-4 purchases inside the last 30 days, oldest first', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const history = generatePurchaseHistory({ random: seeded(seed), now });
        expect(history.length).toBeGreaterThanOrEqual(1);
        expect(history.length).toBeLessThanOrEqual(4);
        const times = history.map((purchase) => purchase.date.getTime());
        expect([...times].sort((a, b) => a - b)).toEqual(times);
        for (const time of times) {
          expect(time).toBeLessThan(now.getTime());
          expect(time).toBeGreaterThan(thirtyDaysAgo);
        }
        history.forEach(expectConsistent);
      }),
      { numRuns: 300 },
    );
  });
});

describe('SIMULATED_PRODUCTS', () => {
  it('has about thirty products', () => {
    expect(SIMULATED_PRODUCTS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(SIMULATED_PRODUCTS.map((product) => [product.name, product] as const))(
    '%s is well-formed',
    (_name, product) => {
      expect(product.upc).toMatch(/^\d{12}$/);
      expect(normalizeGtin(product.upc)).toBe(`00${product.upc}`);
      expect(product.sku).toMatch(/^[A-Z0-9-]+$/);
      expect(product.brand.length).toBeGreaterThan(0);
      expect(Number.isInteger(product.priceCents) && product.priceCents > 0).toBe(true);
    },
  );

  it('has unique UPCs and SKUs', () => {
    expect(new Set(SIMULATED_PRODUCTS.map((p) => p.upc)).size).toBe(SIMULATED_PRODUCTS.length);
    expect(new Set(SIMULATED_PRODUCTS.map((p) => p.sku)).size).toBe(SIMULATED_PRODUCTS.length);
  });
});
