import { delta, overviewRange, rangeQuery } from './overview-range.js';

const TODAY = new Date('2026-11-28T15:00:00Z');

describe('overviewRange', () => {
  it.each([
    [{}, '2026-10-30', '2026-11-28', 30, null],
    [{ days: '7' }, '2026-11-22', '2026-11-28', 7, null],
    [{ days: '90' }, '2026-08-31', '2026-11-28', 90, null],
    [{ days: '12' }, '2026-10-30', '2026-11-28', 30, null],
    [{ from: '2026-01-01', to: '2026-01-31' }, '2026-01-01', '2026-01-31', null, null],
    [{ from: '2026-01-31', to: '2026-01-01' }, '2026-10-30', '2026-11-28', 30, 'comes after'],
    [{ from: '2026-02-30', to: '2026-03-02' }, '2026-10-30', '2026-11-28', 30, 'both days'],
    [{ from: '2026-01-01' }, '2026-10-30', '2026-11-28', 30, 'both days'],
    [{ from: '2024-01-01', to: '2025-01-01' }, '2026-10-30', '2026-11-28', 30, 'at most 366'],
  ])('%j is %s..%s', (query, from, to, preset, error) => {
    const range = overviewRange(query, TODAY);
    expect(range).toMatchObject({ from, to, preset });
    if (error) expect(range.error).toContain(error);
    else expect(range.error).toBeNull();
  });

  it('links a preset by its days and a custom range by its days', () => {
    expect(rangeQuery(overviewRange({ days: '7' }, TODAY))).toBe('days=7');
    expect(rangeQuery(overviewRange({ from: '2026-01-01', to: '2026-01-31' }, TODAY))).toBe(
      'from=2026-01-01&to=2026-01-31',
    );
  });
});

describe('delta', () => {
  it.each([
    [120, 100, 20, 20],
    [50, 200, -150, -75],
    [1, 3, -2, -66.7],
    [5, 0, 5, null],
    [0, 0, 0, null],
  ])('%i after %i is %i (%s %)', (current, previous, absolute, percent) => {
    expect(delta(current, previous)).toEqual({ absolute, percent });
  });
});
