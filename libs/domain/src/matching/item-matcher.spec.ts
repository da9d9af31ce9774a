import { matchItems, matchKeys, normalizeSku, type MatchableItem, type MatchCandidate } from './item-matcher.js';

const product = (id: string, upc: string | null, sku: string | null): MatchCandidate => ({ id, upc, sku });

const catalog = [
  product('01P_TIDE', '00037000878780', 'TIDE-92'),
  product('01P_DAWN', '00037000973003', 'DAWN-19'),
  product('01P_SKU_ONLY', null, 'HOUSE-BRAND-1'),
  product('01P_OLDER_DUP', null, 'DUP-SKU'),
  product('01P_ZNEWER_DUP', null, 'DUP-SKU'),
  product('01P_CHEERIOS', '0016000275263', null),
];

describe('matchItems', () => {
  it.each<[string, MatchableItem, string | null, string]>([
    ['GTIN match on the UPC-A spelling', { upc: '037000878780', sku: null }, '01P_TIDE', 'gtin'],
    ['GTIN match on the GTIN-14 spelling', { upc: '00037000878780', sku: null }, '01P_TIDE', 'gtin'],
    ['GTIN match with separators', { upc: '0 37000 87878 0', sku: null }, '01P_TIDE', 'gtin'],
    ['product stored as EAN-13 still matches UPC-A', { upc: '016000275263', sku: null }, '01P_CHEERIOS', 'gtin'],
    ['GTIN beats SKU when they disagree', { upc: '037000878780', sku: 'DAWN-19' }, '01P_TIDE', 'gtin'],
    ['SKU when the GTIN is unknown', { upc: '012000809965', sku: 'DAWN-19' }, '01P_DAWN', 'sku'],
    ['SKU when the GTIN is invalid', { upc: '037000878781', sku: 'DAWN-19' }, '01P_DAWN', 'sku'],
    ['SKU when there is no GTIN', { upc: null, sku: 'HOUSE-BRAND-1' }, '01P_SKU_ONLY', 'sku'],
    ['SKU trimmed', { upc: null, sku: '  HOUSE-BRAND-1 ' }, '01P_SKU_ONLY', 'sku'],
    ['SKU is case-sensitive', { upc: null, sku: 'house-brand-1' }, null, 'none'],
    ['duplicate SKU resolves to the smallest id', { upc: null, sku: 'DUP-SKU' }, '01P_OLDER_DUP', 'sku'],
    ['nothing known', { upc: '012000809965', sku: 'NOPE' }, null, 'none'],
    ['no identifiers at all', { upc: null, sku: null }, null, 'none'],
    ['blank SKU does not match anything', { upc: null, sku: '   ' }, null, 'none'],
  ])('%s', (_name, item, productId, method) => {
    const [match] = matchItems([item], catalog);
    expect(match?.method).toBe(method);
    expect(match?.product?.id ?? null).toBe(productId);
  });

  it('does not depend on catalog order', () => {
    const reversed = [...catalog].reverse();
    expect(matchItems([{ upc: null, sku: 'DUP-SKU' }], reversed)[0]?.product?.id).toBe('01P_OLDER_DUP');
  });

  it('matches nothing against an empty catalog', () => {
    expect(matchItems([{ upc: '037000878780', sku: 'TIDE-92' }], [])).toEqual([{ method: 'none', product: null }]);
  });

  it('keeps item order', () => {
    const matches = matchItems(
      [
        { upc: null, sku: 'DAWN-19' },
        { upc: null, sku: null },
        { upc: '037000878780', sku: null },
      ],
      catalog,
    );
    expect(matches.map((m) => m.product?.id ?? null)).toEqual(['01P_DAWN', null, '01P_TIDE']);
  });
});

describe('matchKeys', () => {
  it('collects distinct normalized GTINs and SKUs, skipping unusable ones', () => {
    expect(
      matchKeys([
        { upc: '037000878780', sku: ' TIDE-92 ' },
        { upc: '00037000878780', sku: 'TIDE-92' },
        { upc: 'bad', sku: '' },
        { upc: null, sku: null },
      ]),
    ).toEqual({ gtins: ['00037000878780'], skus: ['TIDE-92'] });
  });
});

describe('normalizeSku', () => {
  it.each<[string | null | undefined, string | null]>([
    ['ABC-1', 'ABC-1'],
    ['  ABC-1\t', 'ABC-1'],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('%p -> %p', (raw, expected) => {
    expect(normalizeSku(raw)).toBe(expected);
  });
});
