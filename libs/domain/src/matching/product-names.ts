/**
 * Product names as the name+brand fallback compares them. Retailers write the same product with other case,
 * punctuation, unit spellings ("12oz", "12 Ounce"), abbreviations, typos and the brand in front; the
 * comparison is a character-trigram similarity of the names without the brand, guarded by the brand and by
 * the numbers (sizes, counts) the names carry.
 */

const UNIT_SYNONYMS: Record<string, string> = {
  ounce: 'oz',
  ounces: 'oz',
  oz: 'oz',
  floz: 'floz',
  lb: 'lb',
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  ct: 'ct',
  count: 'ct',
  pk: 'ct',
  pack: 'ct',
  pc: 'ct',
  pcs: 'ct',
  g: 'g',
  gram: 'g',
  grams: 'g',
  kg: 'kg',
  ml: 'ml',
  l: 'l',
  liter: 'l',
  litre: 'l',
};

/** Words of a company name that say nothing about which brand it is. */
const BRAND_NOISE = new Set(['inc', 'llc', 'co', 'corp', 'company', 'ltd', 'the', 'brand', 'brands']);

/** Lower-case words and numbers: accents, punctuation and unit spellings unified, numbers split from units. */
export function nameTokens(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const text = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/fl\.?\s*oz/g, ' floz ')
    .replace(/(\d)[.,](\d)/g, '$1_$2') // keep decimals (1.5 oz) together
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/[^a-z0-9_]+/g, ' ');
  return text
    .split(' ')
    .filter((token) => token !== '')
    .map((token) => UNIT_SYNONYMS[token] ?? token);
}

/** The key two brand spellings share when they name the same brand ("ACME Inc." and "Acme" -> "acme"). */
export function brandKey(raw: string | null | undefined): string | null {
  const tokens = nameTokens(raw).filter((token) => !BRAND_NOISE.has(token));
  return tokens.length === 0 ? null : tokens.join(' ');
}

/** Brand keys an item name without a brand may start with: its first one, two and three words. */
export function leadingBrandKeys(name: string | null | undefined): string[] {
  const tokens = nameTokens(name).filter((token) => !BRAND_NOISE.has(token));
  const keys: string[] = [];
  for (let length = 1; length <= Math.min(3, tokens.length - 1); length += 1)
    keys.push(tokens.slice(0, length).join(' '));
  return keys;
}

/** A name prepared for comparison: its words without the brand's, and the numbers among them. */
export interface ComparableName {
  text: string;
  numbers: ReadonlySet<string>;
  grams: ReadonlyMap<string, number>;
  gramCount: number;
}

export function comparableName(name: string, brand: string | null): ComparableName {
  const brandWords = new Set(brandKey(brand)?.split(' ') ?? []);
  const words = nameTokens(name).filter((token) => !brandWords.has(token) && !BRAND_NOISE.has(token));
  const text = words.join(' ');
  const numbers = new Set(words.filter((word) => /^\d/.test(word)));
  const grams = new Map<string, number>();
  const padded = `  ${text} `;
  for (let i = 0; i + 3 <= padded.length; i += 1) {
    const gram = padded.slice(i, i + 3);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return { text, numbers, grams, gramCount: Math.max(0, padded.length - 2) };
}

/** Dice coefficient of the two names' character trigrams: 1 for the same words, 0 for nothing in common. */
export function nameSimilarity(a: ComparableName, b: ComparableName): number {
  if (a.gramCount === 0 || b.gramCount === 0) return 0;
  let shared = 0;
  for (const [gram, count] of a.grams) shared += Math.min(count, b.grams.get(gram) ?? 0);
  return (2 * shared) / (a.gramCount + b.gramCount);
}

/**
 * Whether the sizes and counts agree: every number the item's name carries must be in the product's and the
 * other way round. An item name without numbers says nothing about size (the margin rule then keeps two sizes of
 * one product apart).
 */
export function numbersAgree(item: ComparableName, product: ComparableName): boolean {
  if (item.numbers.size === 0) return true;
  if (item.numbers.size !== product.numbers.size) return false;
  for (const number of item.numbers) if (!product.numbers.has(number)) return false;
  return true;
}
