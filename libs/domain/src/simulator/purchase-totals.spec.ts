import { computePurchaseTotals, countUnits, type PricedLine, type PurchaseCharges } from './purchase-totals.js';

const none: PurchaseCharges = { discountCents: 0, shippingCents: 0, feesCents: 0, taxRateBasisPoints: 0 };

describe('computePurchaseTotals', () => {
  it.each<[string, PricedLine[], Partial<PurchaseCharges>, Record<string, number>]>([
    [
      'one item, nothing else',
      [{ priceCents: 1230, quantity: 1 }],
      {},
      { itemsSubtotal: 1230, discounts: 0, shipping: 0, fees: 0, tax: 0, total: 1230 },
    ],
    [
      'quantity multiplies the price',
      [
        { priceCents: 199, quantity: 3 },
        { priceCents: 1397, quantity: 1 },
      ],
      {},
      { itemsSubtotal: 1994, total: 1994 },
    ],
    [
      'tax on the discounted subtotal, rounded half up',
      [{ priceCents: 1000, quantity: 1 }],
      { discountCents: 100, taxRateBasisPoints: 825 },
      { itemsSubtotal: 1000, discounts: 100, tax: 74, total: 974 }, // 900 x 8.25% = 74.25
    ],
    [
      'exact half cent rounds up',
      [{ priceCents: 200, quantity: 1 }],
      { taxRateBasisPoints: 625 },
      { tax: 13, total: 213 }, // 200 x 6.25% = 12.5
    ],
    [
      'shipping and fees are added after tax, and are not taxed',
      [{ priceCents: 2000, quantity: 1 }],
      { shippingCents: 599, feesCents: 299, taxRateBasisPoints: 1000 },
      { itemsSubtotal: 2000, shipping: 599, fees: 299, tax: 200, total: 3098 },
    ],
    [
      'a discount larger than the basket is capped at the basket',
      [{ priceCents: 300, quantity: 1 }],
      { discountCents: 500, shippingCents: 599, taxRateBasisPoints: 825 },
      { itemsSubtotal: 300, discounts: 300, tax: 0, total: 599 },
    ],
    ['no items', [], { feesCents: 10 }, { itemsSubtotal: 0, total: 10 }],
  ])('%s', (_name, lines, charges, expected) => {
    expect(computePurchaseTotals(lines, { ...none, ...charges })).toMatchObject(expected);
  });

  it('always satisfies total = subtotal - discounts + shipping + fees + tax', () => {
    const totals = computePurchaseTotals(
      [
        { priceCents: 449, quantity: 2 },
        { priceCents: 2699, quantity: 1 },
      ],
      { discountCents: 350, shippingCents: 0, feesCents: 30, taxRateBasisPoints: 950 },
    );
    expect(totals.total).toBe(totals.itemsSubtotal - totals.discounts + totals.shipping + totals.fees + totals.tax);
  });

  it.each<[string, PricedLine[], Partial<PurchaseCharges>]>([
    ['fractional price', [{ priceCents: 1.5, quantity: 1 }], {}],
    ['negative price', [{ priceCents: -1, quantity: 1 }], {}],
    ['zero quantity', [{ priceCents: 100, quantity: 0 }], {}],
    ['fractional quantity', [{ priceCents: 100, quantity: 1.5 }], {}],
    ['negative discount', [], { discountCents: -1 }],
    ['negative shipping', [], { shippingCents: -1 }],
    ['fractional tax rate', [], { taxRateBasisPoints: 8.25 }],
  ])('rejects %s', (_name, lines, charges) => {
    expect(() => computePurchaseTotals(lines, { ...none, ...charges })).toThrow(RangeError);
  });
});

describe('countUnits', () => {
  it.each([
    [[], 0],
    [[{ quantity: 1 }], 1],
    [[{ quantity: 2 }, { quantity: 3 }], 5],
  ])('%j -> %i', (lines, units) => {
    expect(countUnits(lines)).toBe(units);
  });
});
