import { gtinCandidates, type Gtin14 } from '../gtin/gtin.js';
import {
  brandKey,
  comparableName,
  leadingBrandKeys,
  nameSimilarity,
  numbersAgree,
  type ComparableName,
} from './product-names.js';

/**
 * How an item was tied to a product. Wire values in `matching.item_matches.method`: never rename.
 * - `gtin`: the item's GTIN (or, failing a strict reading, the one catalog GTIN its careless spelling can mean);
 * - `retailer_sku`: the SKU the catalog gives the product at the item's retailer;
 * - `sku`: the product's retailer-independent SKU;
 * - `name`: the name+brand fallback, only when no identifier matched;
 * - `none`: no product.
 */
export type MatchMethod = 'gtin' | 'retailer_sku' | 'sku' | 'name' | 'none';

/** What the matcher needs to know about a brand product. */
export interface MatchCandidate {
  id: string;
  /** GTIN-14 (or any spelling normalizeGtin accepts), or null. */
  upc: string | null;
  /** The SKU the product has at every retailer, or null. */
  sku: string | null;
  /** SKUs by retailer id, which win over `sku` at that retailer. */
  retailerSkus?: Readonly<Record<string, string>>;
  name?: string;
  brand?: string | null;
}

/** What the matcher reads from a purchased item. */
export interface MatchableItem {
  upc: string | null;
  sku: string | null;
  name?: string | null;
  brand?: string | null;
  /** The retailer the item was bought at (its SKU means something only there). */
  retailerId?: string | null;
}

export interface ItemMatch<P extends MatchCandidate> {
  method: MatchMethod;
  product: P | null;
  /** 0 to 1: how sure the match is. Identifier matches rank above every name match. */
  confidence: number;
}

/** Confidence of each kind of match; a name match scores its similarity, capped below every identifier. */
export const MATCH_CONFIDENCE = {
  gtin: 1,
  retailer_sku: 0.99,
  sku: 0.97,
  lenientGtin: 0.95,
  nameCap: 0.9,
} as const;

/**
 * The name fallback's rules: the item's name must be at least `threshold` similar to the product's (names
 * without the brand, trigram Dice), its numbers must agree, and the best product must beat the next one of the
 * same brand by `margin`; otherwise nothing matches (a wrong match is worse than none).
 */
export const NAME_MATCH_RULES = { threshold: 0.72, margin: 0.12 } as const;

const NO_MATCH = { method: 'none', product: null, confidence: 0 } as const;

/** SKUs compare exactly after trimming; blank means none. */
export function normalizeSku(raw: string | null | undefined): string | null {
  const trimmed = raw?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

const retailerSkuKey = (retailerId: string, sku: string) => `${retailerId}\n${sku}`;

/** The lookup keys of a set of items: what to load from the catalog before matching. */
export interface MatchKeys {
  gtins: Gtin14[];
  skus: string[];
  retailerSkus: Array<{ retailerId: string; sku: string }>;
}

export function matchKeys(items: readonly MatchableItem[]): MatchKeys {
  const gtins = new Set<Gtin14>();
  const skus = new Set<string>();
  const retailerSkus = new Map<string, { retailerId: string; sku: string }>();
  for (const item of items) {
    const { strict, lenient } = gtinCandidates(item.upc);
    if (strict) gtins.add(strict);
    for (const gtin of lenient) gtins.add(gtin);
    const sku = normalizeSku(item.sku);
    if (!sku) continue;
    skus.add(sku);
    if (item.retailerId) retailerSkus.set(retailerSkuKey(item.retailerId, sku), { retailerId: item.retailerId, sku });
  }
  return { gtins: [...gtins], skus: [...skus], retailerSkus: [...retailerSkus.values()] };
}

/** The brand keys under which the name fallback looks for products of these items. */
export function nameMatchKeys(items: readonly MatchableItem[]): string[] {
  const keys = new Set<string>();
  for (const item of items) {
    const key = brandKey(item.brand);
    if (key) keys.add(key);
    else for (const leading of leadingBrandKeys(item.name)) keys.add(leading);
  }
  return [...keys];
}

interface NamedProduct<P> {
  product: P;
  name: ComparableName;
}

export interface ProductIndex<P extends MatchCandidate> {
  byGtin: ReadonlyMap<Gtin14, P>;
  byRetailerSku: ReadonlyMap<string, P>;
  bySku: ReadonlyMap<string, P>;
  byBrand: ReadonlyMap<string, ReadonlyArray<NamedProduct<P>>>;
}

/**
 * Indexes a team's products by GTIN, SKU and brand. When several products share a key, the one with the
 * smallest id wins (ULIDs: the oldest), so the outcome does not depend on load order.
 */
export function indexProducts<P extends MatchCandidate>(products: readonly P[]): ProductIndex<P> {
  const byGtin = new Map<Gtin14, P>();
  const byRetailerSku = new Map<string, P>();
  const bySku = new Map<string, P>();
  const byBrand = new Map<string, Array<NamedProduct<P>>>();
  const keep = (map: Map<string, P>, key: string | null, product: P) => {
    if (key === null) return;
    const existing = map.get(key);
    if (!existing || product.id < existing.id) map.set(key, product);
  };
  const seen = new Set<string>();
  for (const product of products) {
    if (seen.has(product.id)) continue; // loaded twice (by identifier and by brand)
    seen.add(product.id);
    keep(byGtin, gtinCandidates(product.upc).strict, product);
    keep(bySku, normalizeSku(product.sku), product);
    for (const [retailerId, sku] of Object.entries(product.retailerSkus ?? {})) {
      const normalized = normalizeSku(sku);
      if (normalized) keep(byRetailerSku, retailerSkuKey(retailerId, normalized), product);
    }
    const brand = brandKey(product.brand);
    if (brand && product.name) {
      const named = byBrand.get(brand) ?? [];
      named.push({ product, name: comparableName(product.name, product.brand ?? null) });
      byBrand.set(brand, named);
    }
  }
  return { byGtin, byRetailerSku, bySku, byBrand };
}

/**
 * One item's match. Identifiers first, in order of how much they say: a strict GTIN, the retailer's SKU, the
 * product's own SKU, a carelessly written GTIN that can mean exactly one catalog product; only when none of
 * them matches, the name+brand fallback. A name match therefore never overrides an identifier match.
 */
export function matchItem<P extends MatchCandidate>(item: MatchableItem, index: ProductIndex<P>): ItemMatch<P> {
  const { strict, lenient } = gtinCandidates(item.upc);
  const byGtin = strict ? index.byGtin.get(strict) : undefined;
  if (byGtin) return { method: 'gtin', product: byGtin, confidence: MATCH_CONFIDENCE.gtin };
  const sku = normalizeSku(item.sku);
  if (sku && item.retailerId) {
    const byRetailerSku = index.byRetailerSku.get(retailerSkuKey(item.retailerId, sku));
    if (byRetailerSku)
      return { method: 'retailer_sku', product: byRetailerSku, confidence: MATCH_CONFIDENCE.retailer_sku };
  }
  const bySku = sku ? index.bySku.get(sku) : undefined;
  if (bySku) return { method: 'sku', product: bySku, confidence: MATCH_CONFIDENCE.sku };
  const lenientHits = new Set(lenient.map((gtin) => index.byGtin.get(gtin)).filter((p): p is P => p !== undefined));
  if (lenientHits.size === 1) {
    return { method: 'gtin', product: [...lenientHits][0]!, confidence: MATCH_CONFIDENCE.lenientGtin };
  }
  return matchByName(item, index) ?? NO_MATCH;
}

/** The name+brand fallback (see NAME_MATCH_RULES), or null when it is not sure enough. */
function matchByName<P extends MatchCandidate>(item: MatchableItem, index: ProductIndex<P>): ItemMatch<P> | null {
  if (!item.name) return null;
  const given = brandKey(item.brand);
  // An item without a brand may carry it in front of its name; the longest brand found there is taken.
  const brand = given ?? [...leadingBrandKeys(item.name)].reverse().find((key) => index.byBrand.has(key));
  if (!brand) return null;
  const products = index.byBrand.get(brand);
  if (!products) return null;
  const name = comparableName(item.name, brand);
  let best: { product: P; score: number } | null = null;
  let second = 0;
  for (const candidate of products) {
    if (!numbersAgree(name, candidate.name)) continue;
    const score = nameSimilarity(name, candidate.name);
    if (!best || score > best.score || (score === best.score && candidate.product.id < best.product.id)) {
      if (best) second = Math.max(second, best.score);
      best = { product: candidate.product, score };
    } else {
      second = Math.max(second, score);
    }
  }
  if (!best || best.score < NAME_MATCH_RULES.threshold || best.score - second < NAME_MATCH_RULES.margin) return null;
  const confidence = Math.round(Math.min(MATCH_CONFIDENCE.nameCap, best.score * MATCH_CONFIDENCE.nameCap) * 100) / 100;
  return { method: 'name', product: best.product, confidence };
}

export function matchItems<P extends MatchCandidate>(
  items: readonly MatchableItem[],
  products: readonly P[],
): ItemMatch<P>[] {
  const index = indexProducts(products);
  return items.map((item) => matchItem(item, index));
}
