import { normalizeGtin, type Gtin14 } from '../gtin/gtin.js';

/** How an item was tied to a product. Wire value in `matching.item_matches.method`: never rename. */
export type MatchMethod = 'gtin' | 'sku' | 'none';

/** What the matcher needs to know about a brand product. */
export interface MatchCandidate {
  id: string;
  /** GTIN-14 (or any spelling normalizeGtin accepts), or null. */
  upc: string | null;
  sku: string | null;
}

/** What the matcher reads from a purchased item. */
export interface MatchableItem {
  upc: string | null;
  sku: string | null;
}

export interface ItemMatch<P extends MatchCandidate> {
  method: MatchMethod;
  product: P | null;
}

/** SKUs compare exactly after trimming; blank means none. */
export function normalizeSku(raw: string | null | undefined): string | null {
  const trimmed = raw?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The lookup keys of a set of items: what to load from the catalog before matching. */
export function matchKeys(items: readonly MatchableItem[]): { gtins: Gtin14[]; skus: string[] } {
  const gtins = new Set<Gtin14>();
  const skus = new Set<string>();
  for (const item of items) {
    const gtin = normalizeGtin(item.upc);
    if (gtin) gtins.add(gtin);
    const sku = normalizeSku(item.sku);
    if (sku) skus.add(sku);
  }
  return { gtins: [...gtins], skus: [...skus] };
}

export interface ProductIndex<P extends MatchCandidate> {
  byGtin: ReadonlyMap<Gtin14, P>;
  bySku: ReadonlyMap<string, P>;
}

/**
 * Indexes a team's products by GTIN and SKU. When several products share a key, the one with the
 * smallest id wins (ULIDs: the oldest), so the outcome does not depend on load order.
 */
export function indexProducts<P extends MatchCandidate>(products: readonly P[]): ProductIndex<P> {
  const byGtin = new Map<Gtin14, P>();
  const bySku = new Map<string, P>();
  const keep = <K>(map: Map<K, P>, key: K | null, product: P) => {
    if (key === null) return;
    const existing = map.get(key);
    if (!existing || product.id < existing.id) map.set(key, product);
  };
  for (const product of products) {
    keep(byGtin, normalizeGtin(product.upc), product);
    keep(bySku, normalizeSku(product.sku), product);
  }
  return { byGtin, bySku };
}

/** A GTIN match beats a SKU match: GTINs are global, SKUs only mean something within one catalog. */
export function matchItem<P extends MatchCandidate>(item: MatchableItem, index: ProductIndex<P>): ItemMatch<P> {
  const gtin = normalizeGtin(item.upc);
  const byGtin = gtin ? index.byGtin.get(gtin) : undefined;
  if (byGtin) return { method: 'gtin', product: byGtin };
  const sku = normalizeSku(item.sku);
  const bySku = sku ? index.bySku.get(sku) : undefined;
  if (bySku) return { method: 'sku', product: bySku };
  return { method: 'none', product: null };
}

export function matchItems<P extends MatchCandidate>(
  items: readonly MatchableItem[],
  products: readonly P[],
): ItemMatch<P>[] {
  const index = indexProducts(products);
  return items.map((item) => matchItem(item, index));
}
