import { itemsSubtotalCents, pointsFor, purchasePoints, type PointsItem, type PurchasePoints } from './points.js';

const item = (price: string, quantity = 1): PointsItem => ({ price, quantity });
const DAY = new Date('2026-03-10T15:00:00.000Z');

describe('purchasePoints', () => {
  it.each<[string, PointsItem[], number, string | null, Date, PurchasePoints]>([
    // Whole dollars and the default rate.
    [
      'one item, 1 point a dollar',
      [item('10.00')],
      1,
      null,
      DAY,
      { rewarded: true, points: 10, itemsSubtotal: '10.00' },
    ],
    // Fractions: always rounded up.
    ['cents round up', [item('10.01')], 1, null, DAY, { rewarded: true, points: 11, itemsSubtotal: '10.01' }],
    ['one cent is a point', [item('0.01')], 1, null, DAY, { rewarded: true, points: 1, itemsSubtotal: '0.01' }],
    ['a fractional rate', [item('19.99')], 1.5, null, DAY, { rewarded: true, points: 30, itemsSubtotal: '19.99' }],
    [
      'an exact product is not bumped up',
      [item('10.00')],
      1.1,
      null,
      DAY,
      { rewarded: true, points: 11, itemsSubtotal: '10.00' },
    ],
    ['a small rate', [item('99.99')], 0.01, null, DAY, { rewarded: true, points: 1, itemsSubtotal: '99.99' }],
    ['the finest rate', [item('1.00')], 0.0001, null, DAY, { rewarded: true, points: 1, itemsSubtotal: '1.00' }],
    ['ten points a dollar', [item('3.33')], 10, null, DAY, { rewarded: true, points: 34, itemsSubtotal: '3.33' }],
    // Quantities multiply the unit price before rounding (once, on the subtotal).
    ['quantity 3', [item('2.50', 3)], 1, null, DAY, { rewarded: true, points: 8, itemsSubtotal: '7.50' }],
    [
      'several lines are summed first, then rounded once',
      [item('0.40', 1), item('0.40', 1), item('0.40', 1)],
      1,
      null,
      DAY,
      { rewarded: true, points: 2, itemsSubtotal: '1.20' },
    ],
    [
      'quantity 0 adds nothing',
      [item('50.00', 0), item('1.00')],
      1,
      null,
      DAY,
      { rewarded: true, points: 1, itemsSubtotal: '1.00' },
    ],
    // Zero.
    ['no items', [], 1, null, DAY, { rewarded: true, points: 0, itemsSubtotal: '0.00' }],
    ['free items', [item('0.00', 2)], 1, null, DAY, { rewarded: true, points: 0, itemsSubtotal: '0.00' }],
    ['a zero rate', [item('120.00')], 0, null, DAY, { rewarded: true, points: 0, itemsSubtotal: '120.00' }],
    // Discounts: purchase-level discounts are not items and do not lower the points; a coupon item line does.
    [
      'a coupon collected as an item lowers the subtotal',
      [item('20.00'), item('-5.00')],
      1,
      null,
      DAY,
      { rewarded: true, points: 15, itemsSubtotal: '15.00' },
    ],
    [
      'coupons larger than the items give no points, never negative ones',
      [item('5.00'), item('-10.00')],
      1,
      null,
      DAY,
      { rewarded: true, points: 0, itemsSubtotal: '-5.00' },
    ],
    // Start date boundary: on or after midnight UTC of that day.
    [
      'dated at the first instant of the start date',
      [item('10.00')],
      1,
      '2026-03-10',
      new Date('2026-03-10T00:00:00.000Z'),
      { rewarded: true, points: 10, itemsSubtotal: '10.00' },
    ],
    [
      'dated one millisecond before the start date',
      [item('10.00')],
      1,
      '2026-03-10',
      new Date('2026-03-09T23:59:59.999Z'),
      { rewarded: false, reason: 'before_start_date', itemsSubtotal: '10.00' },
    ],
    [
      'dated after the start date',
      [item('10.00')],
      1,
      '2026-01-01',
      DAY,
      { rewarded: true, points: 10, itemsSubtotal: '10.00' },
    ],
  ])('%s', (_name, items, pointsPerDollar, startDate, date, expected) => {
    expect(purchasePoints({ date, items }, { pointsPerDollar, startDate })).toEqual(expected);
  });

  it('ignores taxes, shipping and fees: only the items count', () => {
    // The detail record's totals are not an input: a purchase is its items.
    const purchase = { date: DAY, items: [item('10.00', 2)], tax: '1.60', shipping: '5.99', fees: '2.00' };
    expect(purchasePoints(purchase, { pointsPerDollar: 1, startDate: null })).toEqual({
      rewarded: true,
      points: 20,
      itemsSubtotal: '20.00',
    });
  });

  it('is exact where floating point is not (1000 cents x 1.1 = 11.000000000000002 in doubles)', () => {
    expect(pointsFor(1_000, 1.1)).toBe(11);
    expect(pointsFor(3_000, 0.7)).toBe(21);
    // Beyond 2^53 in the intermediate product: 1999999999 x 99999999 / 10^6, rounded up.
    expect(pointsFor(1_999_999_999, 9_999.9999)).toBe(199_999_997_901);
  });

  it.each([
    ['a negative rate', -1],
    ['more than four decimals', 0.00001],
    ['not a number', Number.NaN],
  ])('refuses %s', (_name, rate) => {
    expect(() => pointsFor(100, rate)).toThrow(RangeError);
  });

  it.each(['2026-3-1', '2026-02-30', 'yesterday'])('refuses the start date %p', (startDate) => {
    expect(() => purchasePoints({ date: DAY, items: [] }, { pointsPerDollar: 1, startDate })).toThrow(RangeError);
  });

  it('refuses a fractional or negative quantity', () => {
    expect(() => itemsSubtotalCents([item('1.00', 1.5)])).toThrow(RangeError);
    expect(() => itemsSubtotalCents([item('1.00', -1)])).toThrow(RangeError);
  });
});
