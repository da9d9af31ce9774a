import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it.each<[string, unknown, string]>([
    ['null', null, 'null'],
    ['a string', 'a"b', '"a\\"b"'],
    ['a number', 30, '30'],
    ['a boolean', true, 'true'],
    ['keys sorted', { b: 1, a: 2 }, '{"a":2,"b":1}'],
    ['nested keys sorted', { z: { y: 1, x: [{ d: 1, c: 2 }] } }, '{"z":{"x":[{"c":2,"d":1}],"y":1}}'],
    ['undefined members left out', { a: undefined, b: null }, '{"b":null}'],
    ['integer-like keys sorted as text', { '10': 'a', '2': 'b', a: 'c' }, '{"10":"a","2":"b","a":"c"}'],
    ['array order kept, undefined as null', [3, undefined, 1], '[3,null,1]'],
    ['dates as ISO text', { at: new Date('2025-01-02T03:04:05.000Z') }, '{"at":"2025-01-02T03:04:05.000Z"}'],
    ['unicode kept', { é: 'ü' }, '{"é":"ü"}'],
  ])('%s', (_name, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it('gives the same text whatever order keys were added in', () => {
    expect(canonicalJson({ customer_id: 'c', tags: { b: '1', a: '2' } })).toBe(
      canonicalJson({ tags: { a: '2', b: '1' }, customer_id: 'c' }),
    );
  });

  it.each<[string, unknown]>([
    ['NaN', Number.NaN],
    ['Infinity', { a: Number.POSITIVE_INFINITY }],
    ['a function', { f: () => 1 }],
    ['a bigint', 1n],
  ])('refuses %s', (_name, value) => {
    expect(() => canonicalJson(value)).toThrow(TypeError);
  });
});
