import { planCatalogUpsert, type StoredProduct } from './catalog-plan.js';
import { type CatalogRow } from './catalog-rows.js';

const row = (fields: Partial<CatalogRow>): CatalogRow => ({
  productId: null,
  name: 'Product',
  brand: 'Acme',
  gtin: null,
  sku: null,
  group: null,
  retailerSkus: {},
  ...fields,
});
const stored = (id: string, fields: Partial<StoredProduct>): StoredProduct => ({
  id,
  name: 'Product',
  brand: 'Acme',
  gtin: null,
  sku: null,
  group: null,
  retailerSkus: {},
  ...fields,
});

const EXISTING = [
  stored('P1', { gtin: '00036000291452', sku: 'S1' }),
  stored('P2', { sku: 'S2', retailerSkus: { walmart: 'W2' } }),
  stored('P3', { name: 'Plain', brand: 'Acme' }),
];

function plan(rows: CatalogRow[]) {
  let next = 0;
  return planCatalogUpsert(rows, EXISTING, () => `NEW${++next}`).map((outcome) =>
    outcome.status === 'rejected'
      ? `rejected ${outcome.errors.map((e) => `${e.field}:${e.type}`).join(',')}`
      : `${outcome.status} ${outcome.product.id}`,
  );
}

describe('planCatalogUpsert', () => {
  it.each<[string, CatalogRow, string]>([
    ['new GTIN creates', row({ gtin: '04006381333931' }), 'created NEW1'],
    ['same GTIN, same fields: unchanged', row({ gtin: '00036000291452', sku: 'S1' }), 'unchanged P1'],
    ['same GTIN, new name: updated', row({ gtin: '00036000291452', sku: 'S1', name: 'Renamed' }), 'updated P1'],
    [
      'found by SKU, GTIN added',
      row({ sku: 'S2', gtin: '04006381333931', retailerSkus: { walmart: 'W2' } }),
      'updated P2',
    ],
    ['found by retailer SKU', row({ retailerSkus: { walmart: 'W2' } }), 'updated P2'],
    [
      'product_id names the product',
      row({ productId: 'P2', sku: 'S2', retailerSkus: { walmart: 'W2' } }),
      'unchanged P2',
    ],
    ['unknown product_id', row({ productId: 'P9' }), 'rejected product_id:not_found'],
    ['GTIN of one product, SKU of another', row({ gtin: '00036000291452', sku: 'S2' }), 'rejected sku:conflict'],
    [
      'product_id with the GTIN of another product',
      row({ productId: 'P2', gtin: '00036000291452' }),
      'rejected upc:conflict',
    ],
    ['no identifiers: found by name and brand', row({ name: 'Plain', brand: 'Acme' }), 'unchanged P3'],
    ['no identifiers, new name: created', row({ name: 'Other' }), 'created NEW1'],
  ])('%s', (_name, input, expected) => {
    expect(plan([input])).toEqual([expected]);
  });

  it('refuses a second row naming a product an earlier row already changed', () => {
    expect(plan([row({ gtin: '00036000291452', sku: 'S1', name: 'A' }), row({ productId: 'P1', name: 'B' })])).toEqual([
      'updated P1',
      'rejected row:duplicate_in_file',
    ]);
  });

  it('states the whole product: fields a row leaves out are cleared', () => {
    const [outcome] = planCatalogUpsert([row({ gtin: '00036000291452' })], EXISTING, () => 'x');
    expect(outcome).toEqual({ status: 'updated', product: { ...EXISTING[0], sku: null } });
  });
});
