import { pickDistinct, pickOne, randomInt } from './random.js';

const fixed = (value: number) => () => value;

describe('randomInt', () => {
  it.each([
    [0, 1, 4, 1],
    [0.2499, 1, 4, 1],
    [0.25, 1, 4, 2],
    [0.75, 1, 4, 4],
    [0.999999, 1, 4, 4],
    [0.5, 7, 7, 7],
  ])('random %p in [%i, %i] -> %i', (value, min, max, expected) => {
    expect(randomInt(fixed(value), min, max)).toBe(expected);
  });

  it('stays in range even if the source returns 1', () => {
    expect(randomInt(fixed(1), 1, 4)).toBe(4);
  });

  it.each([
    [2, 1],
    [0.5, 1],
  ])('rejects the range %p..%p', (min, max) => {
    expect(() => randomInt(fixed(0), min, max)).toThrow(RangeError);
  });
});

describe('pickOne and pickDistinct', () => {
  it('picks by position', () => {
    expect(pickOne(fixed(0), ['a', 'b', 'c'])).toBe('a');
    expect(pickOne(fixed(0.99), ['a', 'b', 'c'])).toBe('c');
  });

  it('picks distinct elements', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const picked = pickDistinct(random, [1, 2, 3, 4, 5, 6], 4);
    expect(picked).toHaveLength(4);
    expect(new Set(picked).size).toBe(4);
  });

  it('refuses to pick more than there are', () => {
    expect(() => pickDistinct(fixed(0), [1], 2)).toThrow(RangeError);
    expect(() => pickOne(fixed(0), [])).toThrow(RangeError);
  });
});
