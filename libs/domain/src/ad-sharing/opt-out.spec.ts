import { normalizeOptOutEmail } from './opt-out.js';

describe('normalizeOptOutEmail', () => {
  it.each<[string, string | null]>([
    ['shopper@example.com', 'shopper@example.com'],
    ['Shopper@Example.COM', 'shopper@example.com'],
    ['  shopper@example.com\t\n', 'shopper@example.com'],
    [' MiXeD.Case+tag@Example.com ', 'mixed.case+tag@example.com'],
    ['', null],
    ['   ', null],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeOptOutEmail(input)).toBe(expected);
  });
});
