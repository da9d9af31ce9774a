import {
  CatalogUploadRefused,
  catalogRowsFromCsv,
  catalogUploadSummary,
  checkCatalogRowCount,
  planCatalogUpload,
} from './catalog-upload.js';

describe('catalog upload (shared by PUT /products and the dashboard)', () => {
  it('reads CSV cells into rows, retailer SKU columns into skus, and refuses an unknown column', () => {
    expect(catalogRowsFromCsv('name,upc,sku:walmart\nSoap,036000291452,55\nSponge,,\n')).toEqual([
      { name: 'Soap', upc: '036000291452', skus: { walmart: '55' } },
      { name: 'Sponge' },
    ]);
    expect(() => catalogRowsFromCsv('name,colour\nSoap,red')).toThrow(CatalogUploadRefused);
    expect(() => checkCatalogRowCount([])).toThrow('at least 1 item');
  });

  it('rejects bad rows and cuts the good ones into batches of at most maxRows', () => {
    const inputs = [{ name: 'A' }, { name: 'B', upc: '036000291453' }, { name: 'C' }, { name: 'D' }];
    const plan = planCatalogUpload(inputs, { maxRows: 2, maxBytes: 1_000_000 });
    expect(plan.rejected).toEqual([
      { row: 2, status: 'rejected', errors: [expect.objectContaining({ field: 'upc' })] },
    ]);
    expect(plan.batches.map((batch) => batch.map((row) => row.row))).toEqual([[1, 3], [4]]);
    expect(plan.batches[0]![0]).toEqual({
      row: 1,
      product_id: null,
      name: 'A',
      brand: null,
      gtin: null,
      sku: null,
      group: null,
      skus: {},
    });
  });

  it('summarizes results in row order with counts by status', () => {
    const summary = catalogUploadSummary([
      { row: 2, status: 'rejected' as const },
      { row: 1, status: 'created' as const },
    ]);
    expect(summary).toMatchObject({ created: 1, updated: 0, unchanged: 0, rejected: 1 });
    expect(summary.results.map((result) => result.row)).toEqual([1, 2]);
  });
});
