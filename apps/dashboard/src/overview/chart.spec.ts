import { niceStep, purchasesChart, xTickIndexes, yTicks } from './chart.js';

describe('overview chart', () => {
  it.each([
    [0, [0, 1]],
    [3, [0, 1, 2, 3]],
    [7, [0, 2, 4, 6, 8]],
    [10, [0, 5, 10]],
    [37, [0, 10, 20, 30, 40]],
    [1234, [0, 500, 1000, 1500]],
  ])('ticks the y axis of a highest day of %i as %j', (max, ticks) => {
    expect(yTicks(max)).toEqual(ticks);
  });

  it('steps by 1, 2 or 5 times a power of ten', () => {
    expect([1, 9, 21, 99, 401].map(niceStep)).toEqual([1, 5, 10, 50, 200]);
  });

  it.each([
    [1, [0]],
    [6, [0, 1, 2, 3, 4, 5]],
    [30, [0, 6, 12, 17, 23, 29]],
    [90, [0, 18, 36, 53, 71, 89]],
  ])('labels %i days at %j', (days, indexes) => {
    expect(xTickIndexes(days)).toEqual(indexes);
  });

  it('draws a bar per day scaled to the top tick', () => {
    const svg = purchasesChart([
      { date: '2026-11-01', purchases: 0, spend: '0.00' },
      { date: '2026-11-02', purchases: 4, spend: '8.00' },
      { date: '2026-11-03', purchases: 2, spend: '4.00' },
    ]).value;
    expect(svg.match(/<rect\b/g)).toHaveLength(3);
    expect(svg).toMatch(/height="180.0"\s*><title>2026-11-02: 4 purchases/);
    expect(svg).toMatch(/height="90.0"\s*><title>2026-11-03: 2 purchases/);
  });

  it('gives each bar its values on hover and the totals in text', () => {
    const svg = purchasesChart([
      { date: '2026-11-01', purchases: 2, spend: '10.00' },
      { date: '2026-11-02', purchases: 0, spend: '0.00' },
      { date: '2026-11-03', purchases: 5, spend: '25.50' },
    ]).value;
    expect(svg).toContain('<title>2026-11-03: 5 purchases, 25.50 spend</title>');
    expect(svg).toContain('7 purchases from 2026-11-01 to 2026-11-03; at most 5 on one day (2026-11-03).');
    expect(svg.match(/class="y-tick"/g)).toHaveLength(4);
    expect(svg).toMatch(/>Nov 1<\/text\s*>/);
  });
});
