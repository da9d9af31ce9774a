import { catalogRowKeys, type CatalogRow, type RowError } from './catalog-rows.js';

/** A product of the team's catalog as stored: a catalog row's fields under the product's id. */
export type StoredProduct = Omit<CatalogRow, 'productId'> & { id: string };

export type RowOutcome =
  { status: 'created' | 'updated' | 'unchanged'; product: StoredProduct } | { status: 'rejected'; errors: RowError[] };

/** The keys of a stored product, as catalogRowKeys spells a row's (its id aside). */
function productKeys(product: StoredProduct): string[] {
  return catalogRowKeys({ ...product, productId: null }).map(({ key }) => key);
}

function sameProduct(a: StoredProduct, b: StoredProduct): boolean {
  return (
    a.name === b.name &&
    a.brand === b.brand &&
    a.gtin === b.gtin &&
    a.sku === b.sku &&
    a.group === b.group &&
    JSON.stringify(a.retailerSkus) === JSON.stringify(b.retailerSkus)
  );
}

/**
 * What an upload does to the catalog, row by row (rows already checked by checkCatalogRows). A row names its
 * product by `product_id` (which must exist in the team), else by the first of its GTIN, SKU, retailer SKUs that a
 * stored product has (a row without identifiers: a stored product without identifiers of the same name and brand);
 * none found creates a product. A row states the whole product, so fields it leaves out are cleared. A row whose
 * keys belong to two different products, or to a product another row of the upload already changed, is refused
 * whole: nothing of it is applied. `existing` must hold every stored product sharing a key with a row.
 */
export function planCatalogUpsert(
  rows: readonly CatalogRow[],
  existing: readonly StoredProduct[],
  newId: () => string,
): RowOutcome[] {
  const byKey = new Map<string, StoredProduct>();
  const byId = new Map<string, StoredProduct>();
  for (const product of existing) {
    byId.set(product.id, product);
    for (const key of productKeys(product)) byKey.set(key, product);
  }
  const claimedBy = new Map<string, number>();
  return rows.map((row, index): RowOutcome => {
    let target: StoredProduct | undefined;
    if (row.productId) {
      target = byId.get(row.productId);
      if (!target) {
        return {
          status: 'rejected',
          errors: [{ field: 'product_id', type: 'not_found', msg: 'no product of this team has this product_id' }],
        };
      }
    }
    const errors: RowError[] = [];
    for (const { field, key } of catalogRowKeys(row)) {
      const owner = byKey.get(key);
      if (!owner) continue;
      if (!target) target = owner;
      else if (owner.id !== target.id) {
        errors.push({ field, type: 'conflict', msg: `${field} already belongs to product ${owner.id}` });
      }
    }
    if (target && claimedBy.has(target.id)) {
      errors.push({
        field: 'row',
        type: 'duplicate_in_file',
        msg: `duplicate key in the file: names the same product as row ${claimedBy.get(target.id)}`,
      });
    }
    if (errors.length > 0) return { status: 'rejected', errors };
    const product: StoredProduct = {
      id: target?.id ?? newId(),
      name: row.name,
      brand: row.brand,
      gtin: row.gtin,
      sku: row.sku,
      group: row.group,
      retailerSkus: row.retailerSkus,
    };
    claimedBy.set(product.id, index + 1);
    if (!target) return { status: 'created', product };
    return { status: sameProduct(target, product) ? 'unchanged' : 'updated', product };
  });
}
