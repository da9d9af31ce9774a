import { parse as parseCsv } from 'csv-parse/sync';
import { CATALOG_FIELDS, CATALOG_LIMITS, checkCatalogRows, type RowError } from './catalog-rows.js';
import { type ValidationIssue } from '../validation-issue.js';

/**
 * A catalog upload before it reaches matching-service, shared by every door a brand uploads through (the
 * gateway's `PUT /products`, the dashboard's Catalog page): the CSV text read into row objects, the row count
 * rule, and the plan of an upload (rows refused here, and the good rows in batches small enough for one message).
 */

/** A whole upload refused (every row would be misread, or there are none or too many): the 422 entry. */
export class CatalogUploadRefused extends Error {
  constructor(readonly issue: ValidationIssue & { ctx?: Record<string, unknown> }) {
    super(issue.msg);
  }
}

/** CSV columns that carry a product's SKU at one retailer: `sku:<retailer_id>`. */
const RETAILER_SKU_COLUMN = /^sku:(.+)$/;
const CSV_COLUMNS = CATALOG_FIELDS.filter((field) => field !== 'skus');

const refuse = (type: string, loc: Array<string | number>, msg: string, extra: Record<string, unknown> = {}) =>
  new CatalogUploadRefused({ type, loc, msg, ...extra });

/**
 * CSV: a header row naming the columns (`product_id`, `name`, `brand`, `upc`, `gtin`, `sku`, `group`, and
 * `sku:<retailer_id>` for a SKU at one retailer, any order), then one product a line. Empty cells are absent
 * values. An unknown or repeated column refuses the whole file, since every row would be misread.
 */
export function catalogRowsFromCsv(text: string): unknown[] {
  let records: string[][];
  try {
    records = parseCsv(text, { bom: true, skip_empty_lines: true, relax_column_count: false, trim: false });
  } catch (error) {
    const message = error instanceof Error ? error.message : 'invalid CSV';
    throw refuse('csv_invalid', ['body'], 'CSV decode error', { ctx: { error: message.slice(0, 300) } });
  }
  const [header, ...lines] = records;
  if (!header) throw refuse('missing', ['body'], 'CSV needs a header row');
  const columns = header.map((column) => column.trim());
  columns.forEach((column, index) => {
    if (!(CSV_COLUMNS as readonly string[]).includes(column) && !RETAILER_SKU_COLUMN.test(column)) {
      throw refuse('csv_unknown_column', ['body', 'header', index], `Unknown column "${column.slice(0, 80)}"`, {
        ctx: { expected: [...CSV_COLUMNS, 'sku:<retailer_id>'].join(', ') },
      });
    }
    if (columns.indexOf(column) !== index) {
      throw refuse('csv_duplicate_column', ['body', 'header', index], `Column "${column.slice(0, 80)}" appears twice`);
    }
  });
  if (!columns.includes('name')) throw refuse('missing', ['body', 'header'], 'CSV needs a "name" column');
  return lines.map((cells) => {
    const row: Record<string, unknown> = {};
    const skus: Record<string, string> = {};
    columns.forEach((column, index) => {
      const cell = cells[index] ?? '';
      if (cell.trim() === '') return;
      const retailer = RETAILER_SKU_COLUMN.exec(column)?.[1];
      if (retailer !== undefined) skus[retailer] = cell;
      else row[column] = cell;
    });
    if (Object.keys(skus).length > 0) row.skus = skus;
    return row;
  });
}

/** Row count rules of an upload: 1 to 10,000. */
export function checkCatalogRowCount(rows: readonly unknown[]): void {
  if (rows.length === 0) {
    throw refuse('too_short', ['body'], 'List should have at least 1 item after validation, not 0', {
      ctx: { field_type: 'List', min_length: 1, actual_length: 0 },
    });
  }
  if (rows.length > CATALOG_LIMITS.rows) {
    throw refuse(
      'too_long',
      ['body'],
      `List should have at most ${CATALOG_LIMITS.rows} items after validation, not ${rows.length}`,
      { ctx: { field_type: 'List', max_length: CATALOG_LIMITS.rows, actual_length: rows.length } },
    );
  }
}

/** A checked row as matching-service's upsert takes it (`matching.upsert-products.v1`'s CatalogRowMessage). */
export interface CatalogRowForUpsert {
  row: number;
  product_id: string | null;
  name: string;
  brand: string | null;
  gtin: string | null;
  sku: string | null;
  group: string | null;
  skus: Record<string, string>;
}

export interface CatalogUploadPlan {
  /** Rows refused here (1-based row numbers), with their reasons. */
  rejected: Array<{ row: number; status: 'rejected'; errors: RowError[] }>;
  /** The good rows, in batches of at most `maxRows` rows and about `maxBytes` of JSON each. */
  batches: CatalogRowForUpsert[][];
}

/** Every row checked (checkCatalogRows: the same rules for CSV and JSON), the good ones put in batches. */
export function planCatalogUpload(
  inputs: readonly unknown[],
  limits: { maxRows: number; maxBytes: number },
): CatalogUploadPlan {
  const plan: CatalogUploadPlan = { rejected: [], batches: [] };
  let batch: CatalogRowForUpsert[] = [];
  let bytes = 0;
  checkCatalogRows(inputs).forEach((checked, index) => {
    const row = index + 1;
    if (!checked.ok) {
      plan.rejected.push({ row, status: 'rejected', errors: checked.errors });
      return;
    }
    const { productId, name, brand, gtin, sku, group, retailerSkus } = checked.row;
    const message: CatalogRowForUpsert = {
      row,
      product_id: productId,
      name,
      brand,
      gtin,
      sku,
      group,
      skus: retailerSkus,
    };
    const size = JSON.stringify(message).length;
    if (batch.length > 0 && (bytes + size > limits.maxBytes || batch.length >= limits.maxRows)) {
      plan.batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(message);
    bytes += size;
  });
  if (batch.length > 0) plan.batches.push(batch);
  return plan;
}

/** An upload's answer: the counts by status and every row's result, in row order. */
export function catalogUploadSummary<
  R extends { row: number; status: 'created' | 'updated' | 'unchanged' | 'rejected' },
>(results: R[]): { created: number; updated: number; unchanged: number; rejected: number; results: R[] } {
  const sorted = [...results].sort((a, b) => a.row - b.row);
  const count = (status: R['status']) => sorted.filter((result) => result.status === status).length;
  return {
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    rejected: count('rejected'),
    results: sorted,
  };
}
