// Product matching on a labelled set: a brand catalog of 5,000 products and 50,000 purchase items as retailers
// write them (noisy names, missing and malformed UPCs, retailer SKUs that collide across retailers, items of other
// brands and near misses of the brand's own), matched by the matcher of libs/domain (the one matching-service
// runs). Prints precision, recall by kind of item, and items matched per second. Deterministic for a seed.
//
//   npm run build && node bench/matching/bench.mjs [--seed 1] [--products 5000] [--items 50000]
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    products: { type: 'string', default: '5000' },
    items: { type: 'string', default: '50000' },
  },
});
const dist = resolve(process.env.DIST ?? 'dist');
const { gtinCheckDigit, indexProducts, matchItem } = await import(
  pathToFileURL(`${dist}/libs/domain/src/index.js`).href
);

// --- a seeded random source ----------------------------------------------------------------------------------
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(Number(args.seed));
const int = (min, max) => min + Math.floor(random() * (max - min + 1));
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;

// --- vocabulary --------------------------------------------------------------------------------------------------
const SYLLABLES = ['ac', 'me', 'zo', 'ra', 'lu', 'ni', 'ko', 've', 'ta', 'pri', 'mo', 'sel', 'dan', 'or', 'bel', 'qui'];
const LINES = [
  'Ultra',
  'Classic',
  'Pro',
  'Fresh',
  'Gentle',
  'Max',
  'Daily',
  'Pure',
  'Select',
  'Original',
  'Active',
  'Natural',
];
const VARIANTS = [
  'Lemon',
  'Lavender',
  'Unscented',
  'Vanilla',
  'Mint',
  'Ocean Breeze',
  'Berry',
  'Coconut',
  'Spring',
  'Cherry',
  'Original Scent',
  'Sea Salt',
];
const TYPES = [
  'Dish Soap',
  'Laundry Detergent',
  'Paper Towels',
  'Toilet Paper',
  'Hand Soap',
  'Body Wash',
  'Shampoo',
  'Conditioner',
  'Toothpaste',
  'Mouthwash',
  'Glass Cleaner',
  'Trash Bags',
  'Sponges',
  'Facial Tissues',
  'Dryer Sheets',
  'Fabric Softener',
  'Deodorant',
  'Lotion',
  'Granola Bars',
  'Coffee Pods',
  'Sparkling Water',
  'Potato Chips',
  'Pasta Sauce',
  'Peanut Butter',
  'Breakfast Cereal',
];
const UNITS = [
  ['oz', ['oz', 'OZ', 'Ounce', 'ounces', 'oz.']],
  ['fl oz', ['fl oz', 'FL OZ', 'fl. oz', 'floz']],
  ['ct', ['ct', 'Count', 'CT', 'pk', 'Pack']],
  ['lb', ['lb', 'LB', 'lbs', 'Pound']],
];
const SIZES = [3, 6, 8, 12, 16, 18, 20, 24, 32, 40, 48, 64, 100];
const RETAILERS = ['walmart', 'target', 'kroger'];
const ABBREVIATIONS = {
  Ultra: 'Ult',
  Classic: 'Clsc',
  Original: 'Orig',
  Natural: 'Nat',
  Lavender: 'Lav',
  Unscented: 'Unsc',
  Detergent: 'Det',
  Conditioner: 'Cond',
  Toothpaste: 'Tthpst',
  'Paper Towels': 'Ppr Twls',
  'Facial Tissues': 'Fcl Tissues',
};

const word = () => {
  const w = Array.from({ length: int(2, 3) }, () => pick(SYLLABLES)).join('');
  return w[0].toUpperCase() + w.slice(1);
};

/** A valid UPC-A from a number. */
const upcA = (n) => {
  const body = String(n).padStart(11, '0');
  return `${body}${gtinCheckDigit(body)}`;
};
/** A valid EAN-13 from a number (prefix 4: not a UPC). */
const ean13 = (n) => {
  const body = `4${String(n).padStart(11, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};

// --- the catalog -------------------------------------------------------------------------------------------------
const PRODUCTS = Number(args.products);
const ITEMS = Number(args.items);
const brands = Array.from({ length: Math.max(10, Math.round(PRODUCTS / 125)) }, () => word());
const otherBrands = Array.from({ length: 60 }, () => word()).filter((b) => !brands.includes(b));
// Retailer SKUs are numbers from one shared range: the same number means different products at different
// retailers (the collisions the brief asks for). A number is unique within one retailer.
const skuPool = new Map(RETAILERS.map((r) => [r, new Set()]));
const freshRetailerSku = (retailer) => {
  for (;;) {
    const sku = String(int(100_000, 100_000 + PRODUCTS * 2));
    if (!skuPool.get(retailer).has(sku)) {
      skuPool.get(retailer).add(sku);
      return sku;
    }
  }
};

let upcSerial = 3_000_000_000;
const catalog = [];
const seenNames = new Set();
while (catalog.length < PRODUCTS) {
  const brand = pick(brands);
  const [unit, spellings] = pick(UNITS);
  const base = `${pick(LINES)} ${pick(TYPES)}, ${pick(VARIANTS)}`;
  // Products often come in several sizes: siblings with the same name but the number.
  const sizes = chance(0.35) ? [pick(SIZES), pick(SIZES)].filter((s, i, all) => all.indexOf(s) === i) : [pick(SIZES)];
  for (const size of sizes) {
    const name = `${brand} ${base}, ${size} ${unit}`;
    if (seenNames.has(name) || catalog.length >= PRODUCTS) continue;
    seenNames.add(name);
    const id = `P${String(catalog.length).padStart(6, '0')}`;
    const kind = random();
    const upc = kind < 0.9 ? upcA((upcSerial += int(1, 50))) : kind < 0.95 ? ean13((upcSerial += int(1, 50))) : null;
    const retailerSkus = {};
    for (const retailer of RETAILERS) if (chance(0.7)) retailerSkus[retailer] = freshRetailerSku(retailer);
    const sku = chance(0.3) ? `${brand.slice(0, 3).toUpperCase()}-${id}` : null;
    catalog.push({ id, name, brand, upc, sku, retailerSkus, size, unit, spellings, base });
  }
}

// --- noisy retailer writing ------------------------------------------------------------------------------------------
function noisyName(product, { brandInName }) {
  let base = product.base;
  if (chance(0.35)) {
    for (const [long, short] of Object.entries(ABBREVIATIONS))
      if (base.includes(long) && chance(0.6)) base = base.replace(long, short);
  }
  let words = base.replace(/,/g, chance(0.5) ? '' : ',').split(' ');
  if (chance(0.25) && words.length > 3) words.splice(int(0, words.length - 1), 1); // a word dropped
  if (chance(0.2)) {
    // a typo: a letter dropped or two swapped, in a word of 5+ letters
    const i = words.findIndex((w) => w.length >= 5);
    if (i >= 0) {
      const w = words[i];
      const at = int(1, w.length - 2);
      words[i] = chance(0.5) ? w.slice(0, at) + w.slice(at + 1) : w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
    }
  }
  const unit = pick(product.spellings);
  const size = chance(0.5) ? `${product.size}${unit}` : `${product.size} ${unit}`;
  let name = `${brandInName ? `${product.brand} ` : ''}${words.join(' ')} ${size}`;
  const style = random();
  if (style < 0.3) name = name.toUpperCase();
  else if (style < 0.4) name = name.toLowerCase();
  return name.replace(/\s+/g, ' ').trim();
}

function malformedUpc(upc) {
  const digits = upc.length === 13 ? upc : upc; // EAN-13 or UPC-A
  switch (int(0, 2)) {
    case 0:
      return digits.replace(/^0+/, ''); // lost leading zeros (stored as a number)
    case 1:
      return digits.slice(0, -1); // check digit dropped
    default: {
      const last = Number(digits.at(-1));
      return `${digits.slice(0, -1)}${(last + int(1, 9)) % 10}`; // wrong check digit (a typo)
    }
  }
}

const writeUpc = (upc) => {
  switch (int(0, 3)) {
    case 0:
      return upc;
    case 1:
      return upc.padStart(14, '0');
    case 2:
      return upc.length === 12 ? `0${upc}` : upc;
    default:
      return upc.length === 12 ? `${upc.slice(0, 1)}-${upc.slice(1, 6)}-${upc.slice(6, 11)}-${upc.slice(11)}` : upc;
  }
};

// --- the purchase items --------------------------------------------------------------------------------------------
/** Items: { item, label (product id or null), kind } */
const items = [];
let foreignUpc = 7_000_000_000;
for (let n = 0; n < ITEMS; n += 1) {
  const retailer = pick(RETAILERS);
  const roll = random();
  if (roll < 0.6) {
    const product = pick(catalog);
    const brandField = chance(0.6) ? (chance(0.2) ? `${product.brand.toUpperCase()} Inc.` : product.brand) : null;
    const name = noisyName(product, { brandInName: brandField === null ? chance(0.95) : chance(0.5) });
    const mode = random();
    const ownSku = product.retailerSkus[retailer] ?? null;
    let upc = null;
    let sku = null;
    let kind;
    if (mode < 0.45 && product.upc) {
      upc = writeUpc(product.upc);
      sku = chance(0.5) ? ownSku : null;
      kind = 'valid identifier';
    } else if (mode < 0.55 && product.upc) {
      upc = malformedUpc(product.upc);
      sku = chance(0.5) ? ownSku : null;
      kind = sku ? 'valid identifier' : 'malformed UPC only';
    } else if (mode < 0.75 && ownSku) {
      sku = ownSku;
      kind = 'valid identifier';
    } else if (mode < 0.8 && product.sku) {
      sku = product.sku;
      kind = 'valid identifier';
    } else {
      kind = 'name only';
    }
    items.push({ item: { upc, sku, name, brand: brandField, retailerId: retailer }, label: product.id, kind });
  } else if (roll < 0.7) {
    // A near miss: the brand's product in a size (or variant) the catalog does not have, with identifiers of its own.
    const product = pick(catalog);
    const size = pick(
      SIZES.filter((s) => !catalog.some((p) => p.brand === product.brand && p.base === product.base && p.size === s)),
    );
    const twin = { ...product, size: size ?? product.size + 1 };
    const name = noisyName(twin, { brandInName: true });
    const upc = chance(0.5) ? upcA((foreignUpc += int(1, 50))) : null;
    const sku = chance(0.5) ? `X${freshRetailerSku(retailer)}` : null;
    items.push({
      item: { upc, sku, name, brand: chance(0.5) ? product.brand : null, retailerId: retailer },
      label: null,
      kind: 'not in catalog',
    });
  } else {
    // Another brand's product; its SKU at this retailer is a number that the catalog uses at another retailer.
    const brand = pick(otherBrands);
    const fake = {
      brand,
      base: `${pick(LINES)} ${pick(TYPES)}, ${pick(VARIANTS)}`,
      size: pick(SIZES),
      spellings: pick(UNITS)[1],
    };
    const other = RETAILERS.filter((r) => r !== retailer);
    const colliding = catalog
      .map((p) => p.retailerSkus[pick(other)])
      .find((s) => s && !skuPool.get(retailer).has(s) && chance(0.3));
    const sku = colliding ?? (chance(0.5) ? freshRetailerSku(retailer) : null);
    if (colliding) skuPool.get(retailer).add(colliding);
    const upc = chance(0.7)
      ? chance(0.8)
        ? upcA((foreignUpc += int(1, 50)))
        : malformedUpc(upcA((foreignUpc += int(1, 50))))
      : null;
    items.push({
      item: {
        upc,
        sku,
        name: noisyName(fake, { brandInName: true }),
        brand: chance(0.5) ? brand : null,
        retailerId: retailer,
      },
      label: null,
      kind: 'not in catalog',
    });
  }
}

// --- matching -----------------------------------------------------------------------------------------------------------
const candidates = catalog.map((p) => ({
  id: p.id,
  upc: p.upc,
  sku: p.sku,
  retailerSkus: p.retailerSkus,
  name: p.name,
  brand: p.brand,
}));
const started = performance.now();
const index = indexProducts(candidates);
const indexed = performance.now();
const results = items.map(({ item }) => matchItem(item, index));
const finished = performance.now();

// --- figures --------------------------------------------------------------------------------------------------------------
const byKind = new Map();
let matched = 0;
let correct = 0;
const wrongByMethod = {};
const matchedByMethod = {};
items.forEach(({ label, kind }, i) => {
  const result = results[i];
  const stats = byKind.get(kind) ?? { items: 0, found: 0, wrong: 0 };
  stats.items += 1;
  if (result.product) {
    matched += 1;
    matchedByMethod[result.method] = (matchedByMethod[result.method] ?? 0) + 1;
    if (result.product.id === label) {
      correct += 1;
      stats.found += 1;
    } else {
      stats.wrong += 1;
      wrongByMethod[result.method] = (wrongByMethod[result.method] ?? 0) + 1;
    }
  }
  byKind.set(kind, stats);
});

const pct = (x) => (Number.isFinite(x) ? x.toFixed(4) : 'n/a');
const withIdentifier = ['valid identifier', 'malformed UPC only'].reduce(
  (sum, kind) => ({
    items: sum.items + (byKind.get(kind)?.items ?? 0),
    found: sum.found + (byKind.get(kind)?.found ?? 0),
  }),
  { items: 0, found: 0 },
);
console.log(`seed ${args.seed}: ${catalog.length} products (${brands.length} brands), ${items.length} items`);
console.log(
  `precision                        ${pct(correct / matched)}  (${matched - correct} wrong of ${matched} matched)`,
);
for (const kind of ['valid identifier', 'malformed UPC only', 'name only']) {
  const stats = byKind.get(kind) ?? { items: 0, found: 0 };
  console.log(`recall, ${kind.padEnd(24)} ${pct(stats.found / stats.items)}  (${stats.found} of ${stats.items})`);
}
console.log(
  `recall, identifier present       ${pct(withIdentifier.found / withIdentifier.items)}  (valid or malformed UPC, or a SKU)`,
);
const outside = byKind.get('not in catalog');
console.log(`not in catalog, wrongly matched  ${outside.wrong} of ${outside.items}`);
console.log(
  `matched by method                ${JSON.stringify(matchedByMethod)}; wrong by method ${JSON.stringify(wrongByMethod)}`,
);
console.log(
  `speed                            ${Math.round(items.length / ((finished - indexed) / 1000)).toLocaleString('en-US')} items/s ` +
    `(index of ${catalog.length} products built in ${(indexed - started).toFixed(0)} ms)`,
);
