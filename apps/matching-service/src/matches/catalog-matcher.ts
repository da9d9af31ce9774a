import { Injectable } from '@nestjs/common';
import {
  matchItems,
  matchKeys,
  nameMatchKeys,
  type ItemMatch,
  type MatchableItem,
  type MatchCandidate,
} from '@cps/domain';
import { type EntityManager } from 'typeorm';
import { type CatalogProduct, ProductRepository } from '../products/product.repository.js';

export type CatalogCandidate = MatchCandidate & { product: CatalogProduct };

/**
 * Matches items against the team's catalog: loads the products their identifiers name, and, only when some item
 * is left unmatched, the products of the brands the name fallback would look at; then the pure matcher decides.
 */
@Injectable()
export class CatalogMatcher {
  constructor(private readonly products: ProductRepository) {}

  async match(
    teamId: string,
    items: readonly MatchableItem[],
    tx: EntityManager,
  ): Promise<ItemMatch<CatalogCandidate>[]> {
    if (items.length === 0) return [];
    const byIdentifiers = (await this.products.find(teamId, matchKeys(items), tx)).map(toCandidate);
    const first = matchItems(items, byIdentifiers);
    const unmatched = items.filter((_item, index) => first[index]?.method === 'none');
    const brandKeys = nameMatchKeys(unmatched);
    if (brandKeys.length === 0) return first;
    const byBrand = await this.products.find(teamId, { gtins: [], skus: [], retailerSkus: [], brandKeys }, tx);
    if (byBrand.length === 0) return first;
    return matchItems(items, [...byIdentifiers, ...byBrand.map(toCandidate)]);
  }
}

function toCandidate(product: CatalogProduct): CatalogCandidate {
  return {
    id: product.id,
    upc: product.gtin,
    sku: product.sku,
    retailerSkus: product.retailerSkus,
    name: product.name,
    brand: product.brand,
    product,
  };
}
