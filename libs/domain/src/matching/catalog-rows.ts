import { GTIN_PROBLEM_MESSAGES, gtinProblem, normalizeGtin, type Gtin14 } from '../gtin/gtin.js';
import { normalizeSku } from './item-matcher.js';

/**
 * The rows of a catalog upload (`PUT /products`, a JSON array or CSV) checked one by one, before anything is
 * stored: each row is either a clean CatalogRow or the list of what is wrong with it. A row is never taken in
 * part. Rows that repeat a key of an earlier row of the same file (product id, GTIN, SKU, retailer SKU, or, for a
 * row without any identifier, its name and brand) are refused: which one the brand meant is not ours to guess.
 */

export const CATALOG_LIMITS = {
  rows: 10_000,
  productId: 64,
  name: 300,
  brand: 200,
  sku: 64,
  group: 64,
  retailerSkus: 50,
} as const;

export const CATALOG_FIELDS = ['product_id', 'name', 'brand', 'upc', 'gtin', 'sku', 'group', 'skus'] as const;

const PRODUCT_ID = /^[A-Za-z0-9_-]+$/;
const RETAILER_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** A catalog row as the brand means it; absent fields are null (an upload states the whole product). */
export interface CatalogRow {
  productId: string | null;
  name: string;
  brand: string | null;
  gtin: Gtin14 | null;
  sku: string | null;
  group: string | null;
  /** SKU by retailer id, sorted by retailer id. */
  retailerSkus: Record<string, string>;
}

export interface RowError {
  /** The field at fault (`upc`, `skus.walmart`...), or `row` for the row as a whole. */
  field: string;
  type: string;
  msg: string;
}

export type CheckedRow = { ok: true; row: CatalogRow } | { ok: false; errors: RowError[] };

type Text = { value: string | null } | { error: RowError };

/** A text field: null, absent or blank is none; another type, or a value over `max` characters, is an error. */
function text(input: Record<string, unknown>, field: string, max: number): Text {
  const raw = input[field];
  if (raw === undefined || raw === null) return { value: null };
  if (typeof raw !== 'string') return { error: { field, type: 'string_type', msg: 'Input should be a valid string' } };
  const value = raw.trim();
  if (value.length > max) {
    return { error: { field, type: 'string_too_long', msg: `String should have at most ${max} characters` } };
  }
  return { value: value === '' ? null : value };
}

function checkGtin(input: Record<string, unknown>, errors: RowError[]): Gtin14 | null {
  const written: Array<[string, string]> = [];
  for (const field of ['upc', 'gtin']) {
    const result = text(input, field, 32);
    if ('error' in result) errors.push(result.error);
    else if (result.value !== null) written.push([field, result.value]);
  }
  const gtins = new Set<Gtin14>();
  for (const [field, value] of written) {
    const problem = gtinProblem(value);
    if (problem) errors.push({ field, type: `gtin_${problem}`, msg: GTIN_PROBLEM_MESSAGES[problem] });
    else gtins.add(normalizeGtin(value)!);
  }
  if (gtins.size > 1)
    errors.push({ field: 'gtin', type: 'gtin_mismatch', msg: 'upc and gtin name different products' });
  return gtins.size === 1 ? [...gtins][0]! : null;
}

function checkRetailerSkus(raw: unknown, errors: RowError[]): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    errors.push({ field: 'skus', type: 'dict_type', msg: 'Input should be an object of retailer id to SKU' });
    return {};
  }
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > CATALOG_LIMITS.retailerSkus) {
    errors.push({ field: 'skus', type: 'too_long', msg: `At most ${CATALOG_LIMITS.retailerSkus} retailer SKUs` });
    return {};
  }
  const skus: Record<string, string> = {};
  for (const [retailerId, value] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const field = `skus.${retailerId}`;
    if (!RETAILER_ID.test(retailerId)) {
      errors.push({ field, type: 'retailer_id', msg: 'retailer ids are lowercase slugs (a-z, 0-9, -)' });
      continue;
    }
    const result = text({ [field]: value }, field, CATALOG_LIMITS.sku);
    if ('error' in result) errors.push(result.error);
    else if (result.value !== null) skus[retailerId] = result.value;
  }
  return skus;
}

/** Checks one row on its own (types, lengths, check digits); duplicates are checkCatalogRows' business. */
export function checkCatalogRow(input: unknown): CheckedRow {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, errors: [{ field: 'row', type: 'dict_type', msg: 'Each row should be an object' }] };
  }
  const fields = input as Record<string, unknown>;
  const errors: RowError[] = [];
  for (const field of Object.keys(fields)) {
    if (!(CATALOG_FIELDS as readonly string[]).includes(field)) {
      errors.push({ field, type: 'extra_forbidden', msg: 'Extra inputs are not permitted' });
    }
  }
  const take = (field: string, max: number): string | null => {
    const result = text(fields, field, max);
    if ('error' in result) {
      errors.push(result.error);
      return null;
    }
    return result.value;
  };
  const productId = take('product_id', CATALOG_LIMITS.productId);
  if (productId !== null && !PRODUCT_ID.test(productId)) {
    errors.push({
      field: 'product_id',
      type: 'string_pattern_mismatch',
      msg: 'product_id holds A-Z, a-z, 0-9, _ and -',
    });
  }
  const name = take('name', CATALOG_LIMITS.name);
  if (name === null && !errors.some((error) => error.field === 'name')) {
    errors.push({ field: 'name', type: 'missing', msg: 'Field required' });
  }
  const brand = take('brand', CATALOG_LIMITS.brand);
  const gtin = checkGtin(fields, errors);
  const sku = normalizeSku(take('sku', CATALOG_LIMITS.sku));
  const group = take('group', CATALOG_LIMITS.group);
  const retailerSkus = checkRetailerSkus(fields.skus, errors);
  if (errors.length > 0 || name === null) return { ok: false, errors };
  return { ok: true, row: { productId, name, brand, gtin, sku, group, retailerSkus } };
}

/** The keys that identify a row's product; a row without identifiers is known by its name and brand. */
export function catalogRowKeys(row: CatalogRow): Array<{ field: string; key: string }> {
  const keys: Array<{ field: string; key: string }> = [];
  if (row.productId) keys.push({ field: 'product_id', key: `id:${row.productId}` });
  if (row.gtin) keys.push({ field: 'upc', key: `gtin:${row.gtin}` });
  if (row.sku) keys.push({ field: 'sku', key: `sku:${row.sku}` });
  for (const [retailerId, sku] of Object.entries(row.retailerSkus)) {
    keys.push({ field: `skus.${retailerId}`, key: `rsku:${retailerId}:${sku}` });
  }
  if (keys.length === 0) keys.push({ field: 'name', key: `name:${nameKey(row.name, row.brand)}` });
  return keys;
}

/** How rows without identifiers are told apart: name and brand, case and spacing ignored. */
export function nameKey(name: string, brand: string | null): string {
  const fold = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim();
  return `${fold(brand ?? '')}\n${fold(name)}`;
}

/** Checks every row of an upload; a row repeating a key of an earlier accepted row is refused. */
export function checkCatalogRows(inputs: readonly unknown[]): CheckedRow[] {
  const firstRow = new Map<string, number>();
  return inputs.map((input, index) => {
    const checked = checkCatalogRow(input);
    if (!checked.ok) return checked;
    const keys = catalogRowKeys(checked.row);
    const errors: RowError[] = [];
    for (const { field, key } of keys) {
      const earlier = firstRow.get(key);
      if (earlier !== undefined) {
        errors.push({
          field,
          type: 'duplicate_in_file',
          msg: `duplicate key in the file: same ${field} as row ${earlier}`,
        });
      }
    }
    if (errors.length > 0) return { ok: false, errors };
    for (const { key } of keys) firstRow.set(key, index + 1);
    return checked;
  });
}
