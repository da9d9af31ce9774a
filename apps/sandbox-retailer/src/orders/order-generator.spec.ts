import fc from 'fast-check';
import { type RandomFn } from '@cps/domain';
import { buildOrder, generateOrder, historyDates, isUpcA, orderNumber, type OrderDraft } from './order-generator.js';

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

const AT = new Date('2026-01-05T17:30:00.000Z');

function expectConsistent(order: OrderDraft): void {
  const { lines, totals } = order;
  expect(new Set(lines.map((line) => line.upc)).size).toBe(lines.length);
  for (const line of lines) {
    expect(isUpcA(line.upc!)).toBe(true);
    expect(line.name.length).toBeGreaterThan(0);
    expect(line.brand).toBeTruthy();
    expect(line.sku).toMatch(/^[A-Z0-9-]+$/);
    expect(line.quantity).toBeGreaterThanOrEqual(1);
  }
  expect(totals.itemsSubtotal).toBe(lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0));
  expect(totals.total).toBe(totals.itemsSubtotal - totals.discounts + totals.shipping + totals.fees + totals.tax);
  if (order.channel === 'in_store') {
    expect(totals.shipping).toBe(0);
    expect(order.storeNumber).toMatch(/^\d{4}$/);
  } else {
    expect(order.storeNumber).toBeNull();
  }
}

describe('generateOrder', () => {
  it('builds consistent receipts for any random source', () => {
    fc.assert(
      fc.property(fc.integer(), fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }), (seed, itemCount) => {
        const order = generateOrder({
          random: seeded(seed),
          orderedAt: AT,
          channels: ['online', 'in_store'],
          itemCount,
        });
        if (itemCount !== undefined) expect(order.lines).toHaveLength(itemCount);
        else expect(order.lines.length).toBeLessThanOrEqual(6);
        expect(order.orderedAt).toBe(AT);
        expectConsistent(order);
      }),
      { numRuns: 300 },
    );
  });

  it('sells only through the retailer channels unless told otherwise', () => {
    for (let seed = 0; seed < 50; seed += 1) {
      expect(generateOrder({ random: seeded(seed), orderedAt: AT, channels: ['online'] }).channel).toBe('online');
    }
    expect(generateOrder({ random: seeded(1), orderedAt: AT, channels: ['online'], channel: 'in_store' }).channel).toBe(
      'in_store',
    );
  });

  it.each([0, 21, 1.5])('refuses %p items', (itemCount) => {
    expect(() => generateOrder({ random: seeded(1), orderedAt: AT, channels: ['online'], itemCount })).toThrow(
      RangeError,
    );
  });
});

describe('buildOrder', () => {
  it('totals the given lines and charges', () => {
    const order = buildOrder({
      orderedAt: AT,
      channel: 'online',
      storeNumber: '0042',
      lines: [
        { name: 'A', brand: 'B', upc: '037000878780', sku: 'S1', unitPriceCents: 1000, quantity: 2 },
        { name: 'C', brand: null, upc: null, sku: null, unitPriceCents: 250, quantity: 1 },
      ],
      charges: { discountCents: 250, shippingCents: 599, feesCents: 0, taxRateBasisPoints: 1000 },
    });
    expect(order.storeNumber).toBeNull();
    expect(order.totals).toEqual({
      itemsSubtotal: 2250,
      discounts: 250,
      shipping: 599,
      fees: 0,
      tax: 200,
      total: 2799,
    });
  });
});

describe('isUpcA', () => {
  it.each([
    ['037000878780', true],
    ['037000878781', false],
    ['37000878780', false],
    ['0037000878780', false],
    ['03700087878a', false],
  ])('%s -> %s', (code, valid) => {
    expect(isUpcA(code)).toBe(valid);
  });
});

describe('historyDates', () => {
  it('spreads dates over the window before now, oldest first', () => {
    const now = new Date('2026-01-10T00:00:00.000Z');
    const dates = historyDates(seeded(7), now, 25, 90);
    expect(dates).toHaveLength(25);
    const times = dates.map((date) => date.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    for (const time of times) {
      expect(time).toBeLessThan(now.getTime());
      expect(time).toBeGreaterThanOrEqual(now.getTime() - 90 * 86_400_000);
    }
  });
});

describe('orderNumber', () => {
  it.each([
    ['amazon', /^\d{3}-\d{7}-\d{7}$/],
    ['walmart', /^WAL-\d{12}$/],
    ['homedepot', /^HOM-\d{12}$/],
  ])('%s', (retailer, pattern) => {
    expect(orderNumber(retailer, seeded(3))).toMatch(pattern);
  });
});
