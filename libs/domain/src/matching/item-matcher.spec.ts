import {
  MATCH_CONFIDENCE,
  matchItems,
  matchKeys,
  nameMatchKeys,
  normalizeSku,
  type MatchableItem,
  type MatchCandidate,
} from './item-matcher.js';

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
    expect(matchItems([{ upc: '037000878780', sku: 'TIDE-92' }], [])).toEqual([
      { method: 'none', product: null, confidence: 0 },
    ]);
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
    ).toEqual({ gtins: ['00037000878780'], skus: ['TIDE-92'], retailerSkus: [] });
  });

  it('adds the lenient readings of a careless GTIN and the retailer of each SKU', () => {
    const keys = matchKeys([{ upc: '37000878780', sku: 'W-1', retailerId: 'walmart' }]);
    expect(keys.gtins).toContain('00037000878780');
    expect(keys.retailerSkus).toEqual([{ retailerId: 'walmart', sku: 'W-1' }]);
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

describe('matchItems: retailer SKUs, careless GTINs and the name fallback', () => {
  const named = (
    id: string,
    name: string,
    brand: string | null,
    extra: Partial<MatchCandidate> = {},
  ): MatchCandidate => ({ id, upc: null, sku: null, name, brand, ...extra });
  const products: MatchCandidate[] = [
    named('P_SOAP12', 'Acme Ultra Dish Soap, Lemon, 12 oz', 'Acme', {
      upc: '036000291452',
      retailerSkus: { walmart: '5551', target: '9001' },
    }),
    named('P_SOAP24', 'Acme Ultra Dish Soap, Lemon, 24 oz', 'Acme', { retailerSkus: { walmart: '9001' } }),
    named('P_TOWEL', 'Acme Paper Towels Select Size 6 Rolls', 'Acme', { sku: 'ACME-PT-6' }),
    named('P_SPONGE', 'Acme Scrub Sponge Heavy Duty 3 ct', 'Acme'),
    named('P_OTHER_BRAND', 'Glow Dish Soap Lemon 12 oz', 'Glow'),
  ];

  it.each<[string, MatchableItem, string | null, string]>([
    ['retailer SKU at its retailer', { upc: null, sku: '9001', retailerId: 'target' }, 'P_SOAP12', 'retailer_sku'],
    [
      'the same SKU at another retailer is another product',
      { upc: null, sku: '9001', retailerId: 'walmart' },
      'P_SOAP24',
      'retailer_sku',
    ],
    [
      'a retailer SKU means nothing at a third retailer',
      { upc: null, sku: '9001', retailerId: 'kroger' },
      null,
      'none',
    ],
    ['retailer-independent SKU anywhere', { upc: null, sku: 'ACME-PT-6', retailerId: 'kroger' }, 'P_TOWEL', 'sku'],
    ['GTIN without its leading zero', { upc: '36000291452', sku: null }, 'P_SOAP12', 'gtin'],
    ['GTIN without its check digit', { upc: '03600029145', sku: null }, 'P_SOAP12', 'gtin'],
    [
      'GTIN beats a name that reads like another product',
      { upc: '036000291452', sku: null, name: 'Acme Ultra Dish Soap Lemon 24 oz', brand: 'Acme' },
      'P_SOAP12',
      'gtin',
    ],
    [
      'name with noise, brand given',
      { upc: null, sku: null, name: 'ACME ULTRA DISH SOAP LEMON 12OZ', brand: 'Acme Inc.' },
      'P_SOAP12',
      'name',
    ],
    [
      'name with the brand in front and no brand field',
      { upc: null, sku: null, name: 'Acme Scrub Sponge, Heavy-Duty, 3 Count', brand: null },
      'P_SPONGE',
      'name',
    ],
    [
      'name with a typo',
      { upc: null, sku: null, name: 'Acme Scrub Spnge Heavy Duty 3ct', brand: 'Acme' },
      'P_SPONGE',
      'name',
    ],
    [
      'a size the catalog does not have',
      { upc: null, sku: null, name: 'Acme Ultra Dish Soap Lemon 48 oz', brand: 'Acme' },
      null,
      'none',
    ],
    [
      'no size: two sizes are equally likely, so nothing',
      { upc: null, sku: null, name: 'Acme Ultra Dish Soap Lemon', brand: 'Acme' },
      null,
      'none',
    ],
    ['another brand', { upc: null, sku: null, name: 'Acme Ultra Dish Soap Lemon 12 oz', brand: 'Shiny' }, null, 'none'],
    [
      'a different product of the brand',
      { upc: null, sku: null, name: 'Acme Laundry Pods 42 ct', brand: 'Acme' },
      null,
      'none',
    ],
    ['an invalid GTIN and nothing else', { upc: '036000291453', sku: null }, null, 'none'],
  ])('%s', (_name, item, productId, method) => {
    const [match] = matchItems([item], products);
    expect({ product: match?.product?.id ?? null, method: match?.method }).toEqual({ product: productId, method });
  });

  it('scores identifiers above every name match', () => {
    const [byName] = matchItems(
      [{ upc: null, sku: null, name: 'Acme Ultra Dish Soap Lemon 12 oz', brand: 'Acme' }],
      products,
    );
    const [byGtin] = matchItems([{ upc: '036000291452', sku: null }], products);
    const [lenient] = matchItems([{ upc: '36000291452', sku: null }], products);
    expect(byName?.confidence).toBeGreaterThan(0.7);
    expect(byName?.confidence).toBeLessThanOrEqual(MATCH_CONFIDENCE.nameCap);
    expect(lenient?.confidence).toBeGreaterThan(MATCH_CONFIDENCE.nameCap);
    expect(byGtin?.confidence).toBe(1);
  });

  it('ignores a careless GTIN that can mean two catalog products', () => {
    // 36000291452 is 036000291452 without its leading zero, or the body of 360002914522 without its check digit.
    const twin = named('P_TWIN', 'Twin', 'Acme', { upc: '360002914522' });
    expect(matchItems([{ upc: '36000291452', sku: null }], [...products, twin])[0]?.method).toBe('none');
  });
});

describe('nameMatchKeys', () => {
  it("uses the item's brand, or the first words of its name", () => {
    expect(nameMatchKeys([{ upc: null, sku: null, name: 'x', brand: 'ACME Inc.' }])).toEqual(['acme']);
    expect(nameMatchKeys([{ upc: null, sku: null, name: 'Blue Moon Belgian White 12 oz', brand: null }])).toEqual([
      'blue',
      'blue moon',
      'blue moon belgian',
    ]);
  });
});
