import { type MatchingContracts } from '@cps/contracts';
import { type CatalogProduct } from './product.repository.js';

export const productNotFound = (productId: string) => `product ${productId} not found`;

/** A stored product as the REST API shows it. */
export function toProduct(product: CatalogProduct): MatchingContracts.Product {
  return {
    product_id: product.id,
    name: product.name,
    brand: product.brand,
    upc: product.gtin,
    sku: product.sku,
    skus: product.retailerSkus,
    group: product.group,
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
  };
}
