import { RpcRefusal } from '@cps/messaging';
import { overviewPeriod } from './overview-period.js';

describe('overviewPeriod', () => {
  it.each([
    ['2026-11-01', '2026-11-30', '2026-10-02', '2026-10-31', 30],
    ['2026-03-01', '2026-03-01', '2026-02-28', '2026-02-28', 1],
    ['2024-03-01', '2024-03-07', '2024-02-23', '2024-02-29', 7],
    ['2026-01-01', '2026-12-31', '2025-01-01', '2025-12-31', 365],
  ])('%s..%s follows %s..%s (%i days)', (from, to, previousFrom, previousTo, days) => {
    expect(overviewPeriod(from, to)).toEqual({ from, to, previousFrom, previousTo, days });
  });

  it.each([
    ['2026-11-30', '2026-11-01'],
    ['2026-02-30', '2026-03-01'],
    ['2025-01-01', '2026-01-02'],
  ])('refuses %s..%s', (from, to) => {
    expect(() => overviewPeriod(from, to)).toThrow(RpcRefusal);
  });
});
