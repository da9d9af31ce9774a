import { formatCents, parseMoney } from './money.js';

describe('formatCents', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [100, '1.00'],
    [1230, '12.30'],
    [123456789, '1234567.89'],
    [-5, '-0.05'],
    [-1230, '-12.30'],
  ])('%i cents -> %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([[1.5], [Number.NaN], [Number.POSITIVE_INFINITY]])('rejects %p', (cents) => {
    expect(() => formatCents(cents)).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it.each([
    ['0.00', 0],
    ['0.05', 5],
    ['12.30', 1230],
    ['1234567.89', 123456789],
    ['-12.30', -1230],
    ['-0.00', 0],
  ])('%s -> %i cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each([['12.3'], ['12'], ['1,230.00'], ['$1.00'], [''], ['1.234']])('rejects %p', (text) => {
    expect(() => parseMoney(text)).toThrow(RangeError);
  });

  it('round-trips', () => {
    for (const cents of [0, 1, 10, 101, 99999, -42]) expect(parseMoney(formatCents(cents))).toBe(cents);
  });
});
