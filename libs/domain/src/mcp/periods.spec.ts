import { findPeriods } from './periods.js';

const NOW = new Date('2026-04-15T12:00:00.000Z');
const range = (text: string) =>
  findPeriods(` ${text} `, NOW).map(({ period }) => ({
    from: period.from?.toISOString().slice(0, 10),
    to: period.to?.toISOString().slice(0, 10),
    label: period.label,
  }));

describe('findPeriods', () => {
  it.each<[string, { from?: string; to?: string; label: string }]>([
    ['in march 2026', { from: '2026-03-01', to: '2026-04-01', label: 'march_2026' }],
    ['in may', { from: '2025-05-01', to: '2025-06-01', label: 'may_2025' }],
    ['since january', { from: '2026-01-01', label: 'since_january_2026' }],
    ['yesterday', { from: '2026-04-14', to: '2026-04-15', label: 'yesterday' }],
    ['last month', { from: '2026-03-01', to: '2026-04-01', label: 'last_month' }],
    ['last week', { from: '2026-04-06', to: '2026-04-13', label: 'last_week' }],
    ['this quarter', { from: '2026-04-01', to: '2026-07-01', label: 'this_quarter' }],
    ['in the last 30 days', { from: '2026-03-16', label: 'last_30_days' }],
    ['between 2026-02-01 and 2026-02-28', { from: '2026-02-01', to: '2026-03-01', label: '2026_02_01_to_2026_02_28' }],
    ['before february 2026', { to: '2026-02-01', label: 'before_february_2026' }],
    ['in 2025', { from: '2025-01-01', to: '2026-01-01', label: '2025' }],
    ['year to date', { from: '2026-01-01', label: 'year_to_date' }],
    ['in q1 2026', { from: '2026-01-01', to: '2026-04-01', label: 'q1_2026' }],
    ['in the first half of 2025', { from: '2025-01-01', to: '2025-07-01', label: 'h1_2025' }],
    [
      'between january 1 and january 31 2026',
      { from: '2026-01-01', to: '2026-02-01', label: '2026_01_01_to_2026_01_31' },
    ],
    ['march 1 through march 15 2026', { from: '2026-03-01', to: '2026-03-16', label: '2026_03_01_to_2026_03_15' }],
    ['on 3/5/2026', { from: '2026-03-05', to: '2026-03-06', label: '2026_03_05' }],
    ['since march 1st', { from: '2026-03-01', label: 'since_2026_03_01' }],
    ['for the past week', { from: '2026-04-08', label: 'past_week' }],
  ])('%s', (text, expected) => {
    expect(range(text)).toEqual([expected]);
  });

  it('finds two periods to compare, in order', () => {
    expect(range('spend in march 2026 vs february 2026').map((period) => period.label)).toEqual([
      'march_2026',
      'february_2026',
    ]);
  });

  it('ignores impossible dates and words that only look like months', () => {
    expect(range('on 2026-02-30')).toEqual([]);
    expect(range('purchases that may matter')).toEqual([]);
  });
});
