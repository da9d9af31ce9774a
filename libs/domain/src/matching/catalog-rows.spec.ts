import { checkCatalogRow, checkCatalogRows } from './catalog-rows.js';

const errorsOf = (input: unknown) => {
  const checked = checkCatalogRow(input);
  return checked.ok ? [] : checked.errors.map((error) => `${error.field}:${error.type}`);
};

describe('checkCatalogRow', () => {
  it('normalizes a good row: trimmed text, GTIN-14, retailer SKUs sorted, blanks as null', () => {
    expect(
      checkCatalogRow({
        product_id: '',
        name: '  Acme Dish Soap 12 oz ',
        brand: 'Acme',
        upc: '0 36000 29145 2',
        sku: '',
        group: 'soaps',
        skus: { walmart: ' 5551 ', target: '9001' },
      }),
    ).toEqual({
      ok: true,
      row: {
        productId: null,
        name: 'Acme Dish Soap 12 oz',
        brand: 'Acme',
        gtin: '00036000291452',
        sku: null,
        group: 'soaps',
        retailerSkus: { target: '9001', walmart: '5551' },
      },
    });
  });

  it.each<[string, unknown, string[]]>([
    ['bad check digit', { name: 'x', upc: '036000291453' }, ['upc:gtin_bad_check_digit']],
    ['bad length', { name: 'x', gtin: '3600029145' }, ['gtin:gtin_bad_length']],
    ['letters', { name: 'x', upc: '03600029145X' }, ['upc:gtin_not_digits']],
    ['upc and gtin disagree', { name: 'x', upc: '036000291452', gtin: '4006381333931' }, ['gtin:gtin_mismatch']],
    ['upc and gtin agree', { name: 'x', upc: '036000291452', gtin: '00036000291452' }, []],
    ['EAN-8 accepted', { name: 'x', gtin: '96385074' }, []],
    ['name missing', { upc: '036000291452' }, ['name:missing']],
    ['name blank', { name: '   ' }, ['name:missing']],
    ['name not a string', { name: 12 }, ['name:string_type']],
    ['GTIN as a JSON number (its leading zeros are lost)', { name: 'x', upc: 36000291452 }, ['upc:string_type']],
    ['name too long', { name: 'x'.repeat(301) }, ['name:string_too_long']],
    ['unknown field', { name: 'x', colour: 'red' }, ['colour:extra_forbidden']],
    ['bad product id', { name: 'x', product_id: 'a b' }, ['product_id:string_pattern_mismatch']],
    ['bad retailer id', { name: 'x', skus: { Walmart: '1' } }, ['skus.Walmart:retailer_id']],
    ['skus not an object', { name: 'x', skus: ['1'] }, ['skus:dict_type']],
    ['not an object', 'name,upc', ['row:dict_type']],
    ['several problems at once', { upc: '1', sku: 5 }, ['name:missing', 'upc:gtin_bad_length', 'sku:string_type']],
  ])('%s', (_name, input, errors) => {
    expect(errorsOf(input).sort()).toEqual([...errors].sort());
  });
});

describe('checkCatalogRows', () => {
  const outcome = (rows: unknown[]) =>
    checkCatalogRows(rows).map((checked) => (checked.ok ? 'ok' : checked.errors.map((e) => e.msg).join('; ')));

  it('refuses a row repeating a key of an earlier row, naming that row', () => {
    expect(
      outcome([
        { name: 'a', upc: '036000291452' },
        { name: 'b', upc: '00036000291452' },
        { name: 'c', sku: 'S1' },
        { name: 'd', sku: 'S1', upc: '4006381333931' },
        { name: 'e', skus: { walmart: '1' } },
        { name: 'f', skus: { target: '1' } },
        { name: 'g', skus: { walmart: '1' } },
        { name: 'Plain', brand: 'Acme' },
        { name: ' plain ', brand: 'ACME' },
        { name: 'h', product_id: 'p1' },
        { name: 'i', product_id: 'p1' },
      ]),
    ).toEqual([
      'ok',
      'duplicate key in the file: same upc as row 1',
      'ok',
      'duplicate key in the file: same sku as row 3',
      'ok',
      'ok',
      'duplicate key in the file: same skus.walmart as row 5',
      'ok',
      'duplicate key in the file: same name as row 8',
      'ok',
      'duplicate key in the file: same product_id as row 10',
    ]);
  });

  it('does not let a refused row claim keys', () => {
    expect(
      outcome([
        { name: 'a', upc: '036000291452', sku: 5 },
        { name: 'b', upc: '036000291452' },
      ]),
    ).toEqual(['Input should be a valid string', 'ok']);
  });
});
