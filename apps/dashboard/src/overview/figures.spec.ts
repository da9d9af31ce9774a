import { change, shown } from './figures.js';

describe('overview figures in words', () => {
  it.each([
    [1234, 1000, 'count', '+234 (+23.4%)'],
    [1, 2, 'count', '-1 (-50%)'],
    [5, 0, 'count', '+5 (none before)'],
    [7, 7, 'count', 'no change'],
    [1200.5, 1000.25, 'money', '+200.25 (+20%)'],
    [0.1 + 0.2, 0.1, 'money', '+0.20 (+200%)'],
  ] as const)('%d after %d (%s) reads %s', (current, previous, kind, words) => {
    expect(change(current, previous, kind)).toBe(words);
  });

  it('shows counts and money with separators', () => {
    expect(shown(1234567, 'count')).toBe('1,234,567');
    expect(shown(1234.5, 'money')).toBe('1,234.50');
  });
});
