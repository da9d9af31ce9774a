import { findPeriods, shift, type Period } from './periods.js';

/** Names `ask` recognises in a question: the retailer catalog, and the team's brands and products. */
export interface Vocabulary {
  retailers: Array<{ id: string; name: string }>;
  brands: string[];
  products: Array<{ id: string; name: string }>;
}

export type Translation = { ok: true; sql: string; params: unknown[] } | { ok: false; error: string };

export const ASK_HELP =
  'I answer questions about your purchases, items (lines, and units bought), amounts (spend, items subtotal, ' +
  'discounts, shipping, fees, tax), shoppers and connections: counts, totals, averages (also per shopper or per ' +
  'purchase), minimum and maximum, distinct counts; by retailer, day, week, month, year, product, brand, shopper, ' +
  'purchase type or connection status; for dates in plain words (last 30 days, in March 2026, Q1 2026, since ' +
  'January, between March 1 and March 15, yesterday), retailers, brands, products, amounts (over $50), statuses, ' +
  'simulated or real data; top or bottom N, and two periods compared. ' +
  'For example: "Total spend by retailer last month", "Top 5 products by units sold this year", ' +
  '"Top 5 shoppers by spend", "How much shipping did shoppers pay in 2025?", "How many active connections?", ' +
  '"Compare purchases in March 2026 and February 2026".';

export const SQL_REFUSAL = 'Questions are answered in plain words only; SQL in a question is refused.';

const SQL_PATTERNS = [
  /;/,
  /--/,
  /\/\*/,
  /\b(select|insert|update|delete|drop|alter|create|truncate|grant|revoke|copy|execute|union|with)\b[\s\S]*\b(from|into|table|set|select|schema|database|where|role|all|values|as)\b/i,
  /\bpg_[a-z_]+/i,
  /\binformation_schema\b/i,
  /\b(or|and)\s+'?\d+'?\s*=\s*'?\d+/i,
  /'\s*(or|and)\b/i,
  /\b(sleep|set_config|current_setting|dblink|lo_import)\s*\(/i,
  /=/,
  /\bteam_id\b/i,
];

/** True when a question carries SQL (or an injection attempt) rather than plain words. */
export function containsSql(question: string): boolean {
  return SQL_PATTERNS.some((pattern) => pattern.test(question));
}

/** What is measured. `per` divides by the number of customers or purchases ("average spend per shopper"). */
type Field = 'total' | 'items_subtotal' | 'tax' | 'shipping' | 'discounts' | 'fees' | 'item_count' | 'units' | 'price';
type Measure =
  | { kind: 'count'; of: 'purchases' | 'items' | 'connections' }
  | { kind: 'distinct'; of: 'customers' | 'products' | 'brands' | 'retailers' }
  | { kind: 'sum' | 'avg' | 'max' | 'min'; field: Field }
  | { kind: 'per'; of: 'purchases' | Field; per: 'customers' | 'purchases' };
type Dim =
  'retailer' | 'day' | 'week' | 'month' | 'year' | 'product' | 'brand' | 'purchase_type' | 'status' | 'customer';
type Source = 'p' | 'i' | 'c';

interface Parsed {
  measure: Measure;
  listing?: { of: 'purchases' | 'items' | 'connections'; orderBy: 'date' | 'value' };
  dims: Dim[];
  periods: Period[];
  compare: boolean;
  retailers: string[];
  brands: string[];
  products: string[];
  customers: string[];
  purchaseType?: 'online' | 'in_store';
  status?: string;
  simulated?: boolean;
  matched?: boolean;
  amounts: Array<{ op: '>' | '>=' | '<' | '<='; value: number }>;
  /** Bounds on the number of item lines of a purchase ("orders with more than 3 items"). */
  lineCounts: Array<{ op: '>' | '>=' | '<' | '<='; value: number }>;
  limit?: number;
  direction: 'desc' | 'asc';
  /** Customers counted over purchases (who bought), not over connections (who linked). */
  purchaseSense: boolean;
  /** Retailers counted over connections (where shoppers linked accounts), not over purchases. */
  linkSense: boolean;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  fifty: 50,
};
const NUMBER = `(?:\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;
const toNumber = (word: string) => NUMBER_WORDS[word] ?? Number(word);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The nouns of the things a question counts or groups by, in the words analysts use. */
const NOUNS = {
  items: 'line items?|item lines?|lines?|items?',
  units: 'units?|quantit(?:y|ies)|unit volume',
  purchases: 'purchases?|orders?|transactions?|receipts?|baskets?|checkouts?|tickets?|trips?',
  connections: '(?:retailer |store |linked )?accounts?|connections?|links?',
  customers: 'customers?|shoppers?|buyers?|spenders?|people|users?|consumers?|households?',
  products: 'products?|skus?',
  brands: 'brands?',
  retailers: 'retailers?|stores?|merchants?|shops?|chains?|banners?',
} as const;
type Noun = keyof typeof NOUNS;

const DIM_NOUNS: Array<[Dim, string]> = [
  ['retailer', NOUNS.retailers],
  ['customer', NOUNS.customers],
  ['product', NOUNS.products],
  ['brand', NOUNS.brands],
  ['day', 'days?|dates?'],
  ['week', 'weeks?'],
  ['month', 'months?'],
  ['year', 'years?'],
  ['purchase_type', '(?:purchase |order )?types?|channels?'],
  ['status', '(?:connection )?status(?:es)?|states?'],
];
const dimOf = (word: string): Dim | undefined =>
  DIM_NOUNS.find(([, words]) => new RegExp(`^(?:${words})$`).test(word))?.[0];

const ADVERB_DIMS: Array<[Dim, RegExp]> = [
  ['day', /\b(?:daily|day by day|day over day)\b/],
  ['week', /\b(?:weekly|week by week|week over week|wow)\b/],
  ['month', /\b(?:monthly|month by month|month over month|mom|over time)\b/],
  ['year', /\b(?:yearly|annual|annually|year by year|year over year|yoy)\b/],
  ['purchase_type', /\bonline\b.{0,30}\bin[- ]?stores?\b|\bin[- ]?stores?\b.{0,30}\bonline\b/],
  ['status', /\b(?:status|state) breakdown\b/],
];

/** Money measures of a purchase, by the words that name them (checked in this order: "shipping fee" is shipping). */
const MONEY_FIELDS: Array<[Field, RegExp]> = [
  ['price', /\b(?:unit|item|selling|shelf|average) prices?\b|\bprices?\b/],
  ['items_subtotal', /\bsub-?totals?\b|\bbefore (?:tax|taxes|shipping|discounts?)\b|\bmerchandise (?:total|value)\b/],
  ['shipping', /\bshipping\b|\bdelivery(?: fees?| charges?| costs?)?\b/],
  ['tax', /\btax(?:es)?\b/],
  ['discounts', /\bdiscount(?:s|ed)?\b|\bsav(?:e|ed|ings)\b|\bcoupons?\b|\bpromos?\b|\bmarkdowns?\b/],
  ['fees', /\bfees?\b|\bservice charges?\b|\bsurcharges?\b/],
];
const SPEND =
  /\b(?:spend|spent|spending|spenders?|revenue|sales|gmv|money|paid|pay|dollars?|order values?|basket values?|purchase values?|ticket|aov|sum of)\b/;
/** Words that name money only when no other thing is counted ("generated the most orders" counts orders). */
const SPEND_WEAK =
  /\b(?:earned|brought in|generated?|amounts?|value|worth|(?<!in )totals?(?! (?:number|quantity|count|units?|items?|orders?|purchases?|transactions?|connections?|lines?)))\b/;
const SOLD =
  /\b(?:best[- ]sell(?:ing|ers?)|top[- ]sell(?:ing|ers?)|most popular|least popular|sold|sell|sells|selling|moved)\b/;
const AVG = /\b(?:average|avg|mean|typical|typically|aov)\b/;
const MAX = /\b(?:largest|biggest|highest|maximum|max|most expensive|priciest|top)\b/;
const MIN = /\b(?:smallest|lowest|minimum|min|cheapest|least expensive)\b/;
const COUNT = /\b(?:how many|number of|count|counts|# of|how often|tally)\b/;
const PURCHASE_VERBS =
  /\b(?:bought|buy|buys|buying|purchased|purchasing|made (?:a )?purchases?|ordered|shopped|shop|spent|spend|placed|buyers|checked out|transacted)\b/;
const LINK_VERBS = /\b(?:linked|link|connected|signed up|joined|new|created|added|onboarded)\b/;
const ASC = /\b(?:bottom|worst|least|fewest|lowest|smallest|cheapest|slowest)\b/;

const UNSUPPORTED: Array<[RegExp, string]> = [
  [
    /\b(?:predict|predicted|forecasts?|forecasted|projected|projections?|next (?:day|week|month|quarter|year))\b/,
    'Forecasts are not answered: only purchases already collected.',
  ],
  [
    /\b(?:churn|churned|churning|retention|retained|lifetime value|ltv|cohorts?)\b/,
    'Churn, retention and cohorts are not answered.',
  ],
  [
    /\b(?:profits?|margins?|cogs|cost of goods|markups?)\b/,
    'Profit and margins are not known: purchases carry what shoppers paid, not your costs.',
  ],
  [
    /\b(?:refunds?|refunded|returns|returned|inventory|stock levels?|out of stock)\b/,
    'Returns, refunds and inventory are not in the data.',
  ],
  [/\b(?:send|e-?mail|notify|text message|message)\b/, 'I only read your data; I cannot send or change anything.'],
  [
    /\b(?:medians?|percentiles?|quartiles?|standard deviation|variance)\b/,
    'Medians and percentiles are not computed; averages, minimums and maximums are.',
  ],
  [
    /\b(?:percent|percentage|percentages|share|proportion|fraction)\b|%/,
    'Shares and percentages are not computed; ask for the counts or totals of each part (e.g. "orders online vs in store").',
  ],
];

/**
 * A customer named by id ("customer cust_42", "shopper id 7f3a-19"): an id holds a digit (and is not a year), and is
 * kept as written.
 */
const CUSTOMER_ID =
  /\b(customer|shopper|buyer|user)(?: id)? ["']?(?!(?:19|20)\d{2}\b)([A-Za-z0-9][\w.:@-]*\d[\w.:@-]*)["']?/gi;

/**
 * Natural language -> one parameterised SELECT over the `mcp` read model, deterministically and without network
 * (ADR 0016). `now` anchors relative dates (UTC). Questions carrying SQL, and questions it cannot read, are
 * answered with `error`. Additive questions over whole days (months) read the summary tables, unless `summaries` is
 * false (the same answer from the base tables, for tests).
 */
export function translate(
  question: string,
  vocabulary: Vocabulary,
  now: Date,
  options: { summaries?: boolean } = {},
): Translation {
  if (containsSql(question)) return { ok: false, error: SQL_REFUSAL };
  try {
    const parsed = parse(question, vocabulary, now);
    if (!parsed) return { ok: false, error: `I could not read that question. ${ASK_HELP}` };
    return { ok: true, ...build(parsed, options.summaries ?? true) };
  } catch (error) {
    if (error instanceof Unanswerable) return { ok: false, error: `${error.message} ${ASK_HELP}` };
    throw error;
  }
}

class Unanswerable extends Error {}

function normalize(question: string): string {
  return ` ${question
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[?!,;:()"]/g, ' ')
    .replace(/\.(\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** Takes every match of `pattern` out of `text` (blanked), returning what each matched. */
function take(state: { text: string }, pattern: RegExp): RegExpExecArray[] {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  const matches = [...state.text.matchAll(global)] as RegExpExecArray[];
  for (const match of matches) {
    state.text =
      state.text.slice(0, match.index) + ' '.repeat(match[0].length) + state.text.slice(match.index + match[0].length);
  }
  return matches;
}

/** The noun of `text` that comes first (the longer on a tie), of those in `nouns`. */
function firstNoun(text: string, nouns: Noun[] = Object.keys(NOUNS) as Noun[]): Noun | undefined {
  let best: { noun: Noun; index: number; length: number } | undefined;
  for (const noun of nouns) {
    const match = new RegExp(`\\b(?:${NOUNS[noun]})\\b`).exec(text);
    if (!match) continue;
    if (!best || match.index < best.index || (match.index === best.index && match[0].length > best.length)) {
      best = { noun, index: match.index, length: match[0].length };
    }
  }
  return best?.noun;
}

function parse(question: string, vocabulary: Vocabulary, now: Date): Parsed | null {
  const customers: string[] = [];
  const withoutIds = question.replace(CUSTOMER_ID, (_, noun: string, id: string) => {
    customers.push(id);
    return `${noun} `;
  });
  const state = { text: normalize(withoutIds) };

  // Dates first: their words ("last", "march", "may") must not be read as anything else.
  const found = findPeriods(state.text, now);
  for (const item of [...found].reverse()) {
    state.text = state.text.slice(0, item.start) + ' '.repeat(item.end - item.start) + state.text.slice(item.end);
  }
  const periods = found.map((item) => item.period);

  // Names of retailers, brands and products (longest first, whole words).
  const named = (names: Array<{ key: string; value: string }>): string[] => {
    const values = new Set<string>();
    for (const { key, value } of [...names].sort((a, b) => b.key.length - a.key.length)) {
      if (!key.trim()) continue;
      if (take(state, new RegExp(`(?<![a-z0-9])${escape(key.toLowerCase())}(?![a-z0-9])`)).length > 0)
        values.add(value);
    }
    return [...values];
  };
  const retailers = named(
    vocabulary.retailers.flatMap((retailer) => [
      { key: retailer.name, value: retailer.id },
      { key: retailer.id, value: retailer.id },
    ]),
  );
  // Products before brands: a product's name usually starts with its brand's.
  const products = named(vocabulary.products.map((product) => ({ key: product.name, value: product.id })));
  const brands = named(vocabulary.brands.map((brand) => ({ key: brand, value: brand.toLowerCase() })));

  // Amounts: "over $50", "at least 20 dollars", "between $10 and $20".
  const amounts: Parsed['amounts'] = [];
  const MONEY = '\\$?(\\d+(?:\\.\\d{1,2})?)(?: dollars| usd|\\$)?';
  for (const m of take(state, new RegExp(` between \\$(\\d+(?:\\.\\d{1,2})?) and ${MONEY}`))) {
    amounts.push({ op: '>=', value: Number(m[1]) }, { op: '<=', value: Number(m[2]) });
  }
  // Bounds on a purchase's item lines first ("more than 3 items"), so their numbers are not read as dollars.
  const OPS: Array<[string, Parsed['amounts'][number]['op']]> = [
    ['(?:over|above|more than|greater than|bigger than|larger than|exceeding|in excess of)', '>'],
    ['(?:at least|minimum of|no less than)', '>='],
    ['(?:under|below|less than|smaller than|cheaper than)', '<'],
    ['(?:at most|maximum of|no more than|up to)', '<='],
  ];
  const lineCounts: Parsed['lineCounts'] = [];
  for (const [words, op] of OPS) {
    const bound = new RegExp(` ${words.replace('less than', 'less than|fewer than')} (\\d+) (?:${NOUNS.items})(?= )`);
    for (const m of take(state, bound)) lineCounts.push({ op, value: Number(m[1]) });
  }
  for (const [words, op] of OPS) {
    for (const m of take(state, new RegExp(` ${words} ${MONEY}(?= )`))) amounts.push({ op, value: Number(m[1]) });
  }
  // "$200 or more", "$10 or less".
  for (const m of take(state, new RegExp(` ${MONEY} or (more|above|higher|over|less|below|under|fewer)(?= )`))) {
    amounts.push({ op: /^(?:more|above|higher|over)$/.test(m[2]!) ? '>=' : '<=', value: Number(m[1]) });
  }

  // What is left, names and dates taken out.
  const text = ` ${state.text.replace(/\s+/g, ' ').trim()} `;
  for (const [pattern, reason] of UNSUPPORTED) if (pattern.test(text)) throw new Unanswerable(reason);

  // "the month before": the period before the one named, to compare with.
  const before =
    /\b(?:the|a) (day|week|month|quarter|year) (?:before|prior|earlier)\b|\bthe (?:previous|prior|preceding) (day|week|month|quarter|year)\b/.exec(
      text,
    );
  if (before && periods.length === 1 && periods[0]!.from) {
    const unit = (before[1] ?? before[2]) as 'day' | 'week' | 'month' | 'quarter' | 'year';
    const first = periods[0]!;
    periods.push({ from: shift(first.from!, unit, -1), to: first.from, label: `previous_${unit}` });
  }

  // Filters that are words, not names.
  const status =
    /\b(?:re-?auth\w*|reconnect\w*|re-?(?:login|log in|sign in)|(?:sign|log)(?:ged)? (?:in|on) again|expired|unauthenticated|signed out|logged out)\b/.test(
      text,
    )
      ? 'unauthenticated'
      : /\b(active|initialized|disconnected)\b/.exec(text)?.[1];
  let simulated: boolean | undefined;
  if (
    /\b(?:non[- ]?simulated|real|excluding simulated|exclude simulated|not simulated|without simulated|actual)\b/.test(
      text,
    )
  )
    simulated = false;
  else if (/\bsimulated\b|\bsimulator\b|\btest data\b/.test(text)) simulated = true;
  let matched: boolean | undefined;
  if (/\bunmatched\b|\bnot (?:been )?matched\b|\bweren't matched\b|\bwithout a (?:matched )?product\b/.test(text))
    matched = false;
  else if (/\bmatched\b/.test(text)) matched = true;

  // Grouping, and ranking ("top 5 brands", "which shopper", "the 3 stores with the most ...").
  const dims: Dim[] = [];
  const addDim = (dim: Dim) => {
    if (!dims.includes(dim)) dims.push(dim);
  };
  const avg = AVG.test(text);
  const perCustomer =
    /\bper (?:customer|shopper|buyer|user|household|person)\b|\b(?:average|typical|avg) (?:customer|shopper|buyer)\b|\b(?:a|each|every|the|per) (?:customer|shopper|buyer) (?:make|makes|spend|spends|buy|buys|place|places)\b/.test(
      text,
    );
  const ALL_DIM_WORDS = DIM_NOUNS.map(([, words]) => words).join('|');
  for (const m of text.matchAll(
    new RegExp(
      `\\b(?:by|per|for each|for every|each|across|grouped by|broken down by|break ?down by|split by|breakdown by|in each|at each|for all|among|of each) (?:the |our |a )?(${ALL_DIM_WORDS})\\b`,
      'g',
    ),
  )) {
    const dim = dimOf(m[1]!);
    if (!dim) continue;
    if (dim === 'customer' && avg && perCustomer) continue; // "average spend per shopper": a denominator
    if (dim === 'customer' && customers.length > 0) continue; // "orders by shopper cust_42": a filter
    addDim(dim);
  }
  // "status breakdown", "brand revenue ranking".
  for (const m of text.matchAll(
    new RegExp(
      `(?<!\\bin[- ])\\b(${ALL_DIM_WORDS}) (?:\\w+ )?(?:breakdown|split|mix|ranking|rankings|leaderboard)\\b`,
      'g',
    ),
  )) {
    const dim = dimOf(m[1]!);
    if (dim) addDim(dim);
  }
  for (const [dim, pattern] of ADVERB_DIMS) if (pattern.test(text)) addDim(dim);
  if (/\btrend(?:s|ed|ing)?\b/.test(text) && !dims.some((dim) => ['day', 'week', 'month', 'year'].includes(dim)))
    addDim('month');

  let limit: number | undefined;
  let ranked = false;
  let rankedNoun: string | undefined;
  const rankAt = (dim: Dim, word: string, count?: string) => {
    addDim(dim);
    ranked = true;
    rankedNoun = word;
    if (count) limit = toNumber(count);
    else if (limit === undefined && !/s$/.test(word)) limit = 1;
  };
  const RANK_NOUNS = DIM_NOUNS.filter(([dim]) =>
    ['retailer', 'customer', 'product', 'brand', 'purchase_type', 'status'].includes(dim),
  )
    .map(([, words]) => words)
    .join('|');
  const TIME_NOUNS = 'days?|dates?|weeks?|months?|years?';
  const which = new RegExp(`\\b(?:which|what)(?: (${NUMBER}))? (${RANK_NOUNS}|${TIME_NOUNS})\\b`).exec(text);
  const top = new RegExp(
    `\\b(?:(${NUMBER}) )?(?:top|bottom|best|worst|leading|biggest|largest|highest[- ]spending|highest|lowest|most valuable|most loyal)(?: (${NUMBER}))? (${RANK_NOUNS})\\b`,
  ).exec(text);
  const counted = new RegExp(`\\b(${NUMBER}) (${RANK_NOUNS}) (?:with|that|who|by|which|whose)\\b`).exec(text);
  const selling = new RegExp(
    `\\b(?:(${NUMBER}) )?(?:best[- ]sell(?:ing|ers?)|top[- ]sell(?:ing|ers?)|most popular|least popular)\\b(?: (\\w+))?`,
  ).exec(text);
  if (which) rankAt(dimOf(which[2]!)!, which[2]!, which[1]);
  else if (top) rankAt(dimOf(top[3]!)!, top[3]!, top[1] ?? top[2]);
  else if (counted) rankAt(dimOf(counted[2]!)!, counted[2]!, counted[1]);
  if (selling && !ranked) {
    const dim = selling[2] ? dimOf(selling[2]) : undefined;
    const named = dim === 'product' || dim === 'brand' || dim === 'retailer';
    rankAt(named ? dim : 'product', named ? selling[2]! : 'products', selling[1]);
  }
  const who = new RegExp(
    `\\bwho (?:is|was|are|were) (?:the |our )?(?:(${NUMBER}) )?(?:top|biggest|largest|best|highest[- ]spending|highest|most valuable)`,
  ).exec(text);
  if (!ranked && who) rankAt('customer', /\bwho (?:are|were)\b/.test(who[0]) ? 'customers' : 'customer', who[1]);
  // "who spent the most", "who bought the most units": the one shopper.
  if (
    !ranked &&
    new RegExp(
      `(?<!\\b(?:${NOUNS.customers}) )\\bwho (?:spent|spends|bought|buys|purchased|ordered|placed|shopped)\\b.*\\b(?:most|least|highest|lowest)\\b`,
    ).test(text)
  )
    rankAt('customer', 'customer');
  if (!ranked && /\bwhere\b.*\b(?:most|least|highest|lowest)\b/.test(text)) rankAt('retailer', 'retailer');
  const topN = new RegExp(`\\b(?:top|bottom|first|best|worst) (${NUMBER})\\b`).exec(text);
  if (ranked && limit === undefined && topN) limit = toNumber(topN[1]!);
  if (ranked && limit === undefined && /\b(?:top|bottom)\b/.test(text)) limit = 5;
  if (!ranked && topN && dims.length > 0) limit = toNumber(topN[1]!);
  const direction: Parsed['direction'] = ASC.test(text) ? 'asc' : 'desc';

  // The measure. The noun a ranking is about ("top 5 shoppers") is not what is measured.
  // "in-store" is a purchase type, not a store.
  // "unit sales" are units sold.
  const measured = (rankedNoun ? text.replace(new RegExp(`\\b${escape(rankedNoun)}\\b`), ' ') : text)
    .replace(/\bin[- ]?stores?\b/g, ' ')
    .replace(/\bunit sales\b/g, 'units sold');
  const priced = measured.replace(/\b(?:unit|item|selling|shelf) prices?\b/g, ' price ');
  const moneyField = MONEY_FIELDS.find(([, pattern]) => pattern.test(priced))?.[0];
  const spendStrong = SPEND.test(measured);
  const countPhrase = COUNT.test(measured);
  // "purchase count", "order volume": the noun just before names what is counted.
  const nounBeforeCount = new RegExp(
    `\\b(?:${Object.values(NOUNS).join('|')}) (?:count|counts|volume|numbers?|tally)\\b`,
  ).exec(measured);
  const afterCount = nounBeforeCount
    ? measured.slice(nounBeforeCount.index)
    : countPhrase
      ? measured.slice(measured.search(COUNT))
      : measured;
  const noun = firstNoun(afterCount) ?? firstNoun(measured);
  const counting = noun !== undefined && noun !== 'units';
  const unitsWord = new RegExp(`\\b(?:${NOUNS.units})\\b`).test(priced.replace(/\bprice\b/g, ' '));
  const spend = spendStrong || (SPEND_WEAK.test(measured) && !unitsWord && !(counting && noun !== 'customers'));
  const purchaseSense =
    PURCHASE_VERBS.test(text) ||
    brands.length > 0 ||
    products.length > 0 ||
    amounts.length > 0 ||
    matched !== undefined ||
    /\bonline\b|\bin[- ]?store\b/.test(text) ||
    moneyField !== undefined ||
    spend ||
    unitsWord ||
    (periods.length > 0 && !LINK_VERBS.test(text));
  const max = MAX.test(measured) && !ranked;
  const min = MIN.test(measured) && !ranked;
  const aggregate = (field: Field, fallback: 'sum' | 'avg'): Measure =>
    avg
      ? perCustomer
        ? { kind: 'per', of: field, per: 'customers' }
        : { kind: 'avg', field }
      : max
        ? { kind: 'max', field }
        : min
          ? { kind: 'min', field }
          : { kind: fallback, field };

  let measure: Measure | undefined;
  const basketSize =
    /\bbasket size\b(?! in dollars)|\bsize of (?:a |the |an )?(?:basket|order|purchase)s?\b|\b(?:items|line items|lines) (?:per|in|on) (?:a |an |each |every |the )?(?:purchase|order|basket|transaction|receipt)\b|\b(?:items|line items|lines) does (?:a |an |the )?(?:typical |average )?(?:basket|order|purchase)\b/.test(
      measured,
    );
  if (moneyField) {
    measure = aggregate(moneyField, moneyField === 'price' ? 'avg' : 'sum');
  } else if (spend && !(countPhrase && counting && !/\b(?:spend|spent|revenue|sales)\b/.test(measured))) {
    measure = aggregate('total', 'sum');
  } else if (unitsWord || (SOLD.test(measured) && !(countPhrase && counting))) {
    if (avg && perCustomer) measure = { kind: 'per', of: 'units', per: 'customers' };
    else if (avg && /\bper (?:line|item line|line item|item)\b/.test(measured))
      measure = { kind: 'avg', field: 'units' };
    else if (avg) measure = { kind: 'per', of: 'units', per: 'purchases' };
    else measure = aggregate('units', 'sum');
  } else if (basketSize || (avg && noun === 'items')) {
    measure = { kind: 'avg', field: 'item_count' };
  } else if (noun) {
    switch (noun) {
      case 'purchases':
        measure =
          avg && perCustomer ? { kind: 'per', of: 'purchases', per: 'customers' } : { kind: 'count', of: 'purchases' };
        if (!countPhrase && (max || min || avg) && !perCustomer) measure = aggregate('total', 'sum');
        break;
      case 'items':
        measure = { kind: 'count', of: 'items' };
        break;
      case 'units':
        measure = { kind: 'sum', field: 'units' };
        break;
      case 'connections':
        measure = { kind: 'count', of: 'connections' };
        break;
      case 'customers':
      case 'products':
      case 'brands':
      case 'retailers':
        measure = { kind: 'distinct', of: noun };
        break;
    }
  }
  if (!measure) {
    // Only a grouping was named: what is usually counted or added up for it.
    if (dims.includes('product') || dims.includes('brand')) measure = { kind: 'sum', field: 'units' };
    else if (dims.includes('customer')) measure = { kind: 'sum', field: 'total' };
    else if (dims.includes('status')) measure = { kind: 'count', of: 'connections' };
    else if (dims.length > 0) measure = { kind: 'count', of: 'purchases' };
    else return null;
  }
  // A distinct count of what is grouped by is a count of rows ("how many products by product").
  if (measure.kind === 'distinct') {
    const grouped = { customers: 'customer', products: 'product', brands: 'brand', retailers: 'retailer' }[
      measure.of
    ] as Dim;
    if (dims.includes(grouped)) measure = { kind: 'count', of: 'purchases' };
  }

  // Two periods named are compared ("from ... to ..." and "between ... and ..." are one period).
  const compare = periods.length === 2;

  let listing: Parsed['listing'];
  const listWord = /^\s*(?:list|show|display|get|give me|find|what are|which were)\b/.test(text);
  const recency = /\b(?:most recent|latest|newest|oldest|earliest|recent|last \d+)\b/.test(text);
  const extremes = /\b(?:largest|biggest|smallest|most expensive|cheapest|highest|lowest)\b/.test(text);
  const plural = /\b(?:purchases|orders|transactions|items|baskets|receipts|connections)\b/.test(text);
  if (
    dims.length === 0 &&
    !compare &&
    !countPhrase &&
    !avg &&
    (recency || (extremes && plural) || (listWord && !spend && !moneyField && (plural || recency)))
  ) {
    const of = noun === 'items' ? 'items' : noun === 'connections' ? 'connections' : 'purchases';
    listing = { of, orderBy: extremes ? 'value' : 'date' };
    const many = new RegExp(
      `\\b(${NUMBER}) (?:most recent|latest|newest|oldest|earliest|largest|biggest|smallest|most expensive|cheapest|highest|lowest|recent|last)\\b|\\b(?:last|first|top) (${NUMBER})\\b`,
    ).exec(text);
    if (many) limit = toNumber(many[1] ?? many[2]!);
  }

  let purchaseType: Parsed['purchaseType'];
  if (!dims.includes('purchase_type')) {
    if (/\bin[- ]?stores?\b|\bin person\b|\boffline\b|\bbrick and mortar\b/.test(text)) purchaseType = 'in_store';
    else if (/\bonline\b|\be-?commerce\b/.test(text)) purchaseType = 'online';
  }

  return {
    measure,
    ...(listing ? { listing } : {}),
    dims,
    periods,
    compare,
    retailers,
    brands,
    products,
    customers,
    ...(purchaseType ? { purchaseType } : {}),
    ...(status ? { status } : {}),
    ...(simulated !== undefined ? { simulated } : {}),
    ...(matched !== undefined ? { matched } : {}),
    amounts,
    lineCounts,
    ...(limit !== undefined ? { limit } : {}),
    direction: listing && !extremes ? (/\b(?:oldest|earliest|first)\b/.test(text) ? 'asc' : 'desc') : direction,
    purchaseSense,
    linkSense: !purchaseSense && (status !== undefined || LINK_VERBS.test(text) || noun === 'connections'),
  };
}

const MAX_ROWS = 100;
const PURCHASE_FIELDS: Field[] = ['total', 'items_subtotal', 'tax', 'shipping', 'discounts', 'fees', 'item_count'];
const ITEM_FIELDS: Field[] = ['units', 'price'];

const fieldOf = (measure: Measure): Field | undefined =>
  measure.kind === 'sum' || measure.kind === 'avg' || measure.kind === 'max' || measure.kind === 'min'
    ? measure.field
    : measure.kind === 'per' && measure.of !== 'purchases'
      ? measure.of
      : undefined;

function build(q: Parsed, summaries: boolean): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const m = q.measure;
  const field = fieldOf(m);

  // Which relation rows are counted from.
  const needsItems =
    (field !== undefined && ITEM_FIELDS.includes(field)) ||
    (m.kind === 'count' && m.of === 'items') ||
    (m.kind === 'distinct' && (m.of === 'products' || m.of === 'brands')) ||
    (m.kind === 'per' && m.per === 'purchases') ||
    q.listing?.of === 'items' ||
    q.dims.includes('product') ||
    q.dims.includes('brand') ||
    q.brands.length > 0 ||
    q.products.length > 0 ||
    q.matched !== undefined;
  const connectionsOnly =
    !needsItems &&
    !q.listing?.of.startsWith('p') &&
    ((m.kind === 'count' && m.of === 'connections') ||
      q.listing?.of === 'connections' ||
      (m.kind === 'distinct' && m.of === 'customers' && !q.purchaseSense) ||
      (m.kind === 'distinct' && m.of === 'retailers' && q.linkSense));
  const source: Source = connectionsOnly ? 'c' : needsItems ? 'i' : 'p';
  if (source === 'i' && field && PURCHASE_FIELDS.includes(field) && field !== 'total' && field !== 'item_count') {
    throw new Unanswerable(`${field.replace('_', ' ')} is known per purchase, not per product or brand.`);
  }
  if (source === 'c' && (q.purchaseType || q.amounts.length > 0 || q.dims.includes('purchase_type'))) {
    throw new Unanswerable('Connections have no purchase type or amount.');
  }
  if (source === 'c' && field) throw new Unanswerable('Connections have no amounts to add up.');
  // Every row carries its shopper (the connection's customer id); only the connection's status needs the join.
  const customerQuestion =
    q.dims.includes('customer') ||
    q.customers.length > 0 ||
    (m.kind === 'distinct' && m.of === 'customers') ||
    (m.kind === 'per' && m.per === 'customers');
  const needsConnection = source !== 'c' && (q.status !== undefined || q.dims.includes('status'));
  // A shopper question bounding amounts bounds the purchase's total, as for a status.
  const needsPurchase = source === 'i' && (needsConnection || (customerQuestion && q.amounts.length > 0));
  const summary = summaries && !needsConnection && !customerQuestion && !q.listing ? summaryFor(q, source) : null;
  const table = summary
    ? `${summary.table} ${source}`
    : { p: 'mcp.purchases p', i: 'mcp.items i', c: 'mcp.connections c' }[source];
  const dateColumn = summary
    ? `${source}.${summary.grain}`
    : source === 'c'
      ? 'c.created_at'
      : `${source}.purchased_at`;
  const brand = summary ? 'i.brand' : 'coalesce(i.product_brand, i.brand)';
  const joins: string[] = [];
  if (needsPurchase) joins.push('JOIN mcp.purchases p ON p.purchase_id = i.purchase_id');
  if (needsConnection) joins.push('JOIN mcp.connections c ON c.connection_id = p.connection_id');
  if (q.dims.includes('retailer') || q.listing) {
    joins.push(`LEFT JOIN mcp.retailers r ON r.retailer_id = ${source}.retailer_id`);
  }

  const where: string[] = [];
  if (q.retailers.length > 0) where.push(`${source}.retailer_id = ANY(${param(q.retailers)})`);
  if (q.brands.length > 0) where.push(`lower(${brand}) = ANY(${param(q.brands)})`);
  if (q.products.length > 0) where.push(`i.product_id = ANY(${param(q.products)})`);
  if (q.customers.length > 0) where.push(`${source}.customer_id = ANY(${param(q.customers)})`);
  // Rows whose connection is not projected yet have no shopper: left out, as the join to connections did.
  else if (customerQuestion && source !== 'c') where.push(`${source}.customer_id IS NOT NULL`);
  if (q.purchaseType) where.push(`${source}.purchase_type = ${param(q.purchaseType)}`);
  if (q.status) where.push(`c.status = ${param(q.status)}`);
  if (q.simulated !== undefined) where.push(`${source}.is_simulated = ${q.simulated ? 'true' : 'false'}`);
  if (q.matched !== undefined) where.push(`i.product_id IS ${q.matched ? 'NOT NULL' : 'NULL'}`);
  const amountColumn = source === 'i' ? (needsPurchase ? 'p.total' : 'i.amount') : 'p.total';
  for (const amount of q.amounts) where.push(`${amountColumn} ${amount.op} ${param(amount.value)}`);
  if (q.lineCounts.length > 0 && source !== 'p') {
    throw new Unanswerable('A number of items per purchase bounds questions about purchases and their amounts only.');
  }
  for (const lines of q.lineCounts) where.push(`p.item_count ${lines.op} ${param(lines.value)}`);
  if (q.dims.includes('product') || (m.kind === 'distinct' && m.of === 'products'))
    where.push('i.product_id IS NOT NULL');
  if (q.dims.includes('brand') || (m.kind === 'distinct' && m.of === 'brands')) where.push(`${brand} IS NOT NULL`);

  const periodCondition = (period: Period): string => {
    const parts: string[] = [];
    if (period.from) parts.push(`${dateColumn} >= ${param(period.from.toISOString())}`);
    if (period.to) parts.push(`${dateColumn} < ${param(period.to.toISOString())}`);
    return parts.join(' AND ') || 'true';
  };

  if (
    m.kind === 'per' &&
    m.of === 'units' &&
    m.per === 'purchases' &&
    q.dims.length === 0 &&
    !q.compare &&
    !needsConnection &&
    !customerQuestion &&
    q.brands.length + q.products.length + q.amounts.length + q.lineCounts.length === 0 &&
    q.matched === undefined
  ) {
    return unitsPerPurchase(q, summaries);
  }
  const from = [table, ...joins].join(' ');
  if (q.listing) return listing(q, source, from, where, q.periods.map(periodCondition), params);

  const measure = measureOf(q, source, summary, brand);
  let selects: string[];
  if (q.compare) {
    const [first, second] = q.periods as [Period, Period];
    const firstCondition = periodCondition(first);
    const secondCondition = periodCondition(second);
    where.push(`((${firstCondition}) OR (${secondCondition}))`);
    // The span of both periods as well: a range the (team, date) index can scan, where the OR alone is a filter.
    const hull = periodHull(first, second);
    if (hull) where.push(periodCondition(hull));
    const labels = [first.label, second.label].map((label) => `${measure.label}_${label}`.replace(/[^a-z0-9_]/g, '_'));
    if (labels[0] === labels[1]) labels[1] = `${labels[1]}_2`;
    selects = [`${measure.expr(firstCondition)} AS ${labels[0]}`, `${measure.expr(secondCondition)} AS ${labels[1]}`];
  } else {
    for (const period of q.periods) where.push(periodCondition(period));
    selects = [`${measure.expr()} AS ${measure.label}`];
  }

  const dims = q.dims.map((dim) => dimension(dim, source, dateColumn, brand));
  const sql = [
    `SELECT ${[...dims.map((dim) => `${dim.expr} AS ${dim.label}`), ...selects].join(', ')}`,
    `FROM ${from}`,
  ];
  if (where.length > 0) sql.push(`WHERE ${where.join(' AND ')}`);
  if (dims.length > 0) {
    sql.push(`GROUP BY ${dims.map((_, index) => index + 1).join(', ')}`);
    const timeOnly = q.dims.every((dim) => ['day', 'week', 'month', 'year'].includes(dim));
    const valueColumn = dims.length + 1;
    const byValue = `${valueColumn} ${q.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`;
    const byDims = dims.map((_, index) => `${index + 1} ASC`).join(', ');
    sql.push(`ORDER BY ${timeOnly && q.limit === undefined ? byDims : `${byValue}, ${byDims}`}`);
  }
  sql.push(`LIMIT ${Math.min(q.limit ?? MAX_ROWS, MAX_ROWS)}`);
  return { sql: sql.join(' '), params };
}
/** The smallest period holding both, when it bounds anything (an open side stays open). */
function periodHull(first: Period, second: Period): Period | null {
  const from = first.from && second.from ? (first.from < second.from ? first.from : second.from) : undefined;
  const to = first.to && second.to ? (first.to > second.to ? first.to : second.to) : undefined;
  if (!from && !to) return null;
  return { label: 'span', ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** A summary table of the read model, and the grain of its dates (migration 1736200000000-ask-summaries). */
interface Summary {
  table: string;
  grain: 'day' | 'month';
  count: string;
}

const SUMMARIES: Record<'p' | 'i', Summary & { dims: Dim[] }> = {
  p: {
    table: 'mcp.purchase_days',
    grain: 'day',
    count: 'purchases',
    dims: ['retailer', 'day', 'week', 'month', 'year', 'purchase_type'],
  },
  i: {
    table: 'mcp.item_months',
    grain: 'month',
    count: 'items',
    dims: ['retailer', 'month', 'year', 'product', 'brand'],
  },
};

/**
 * The summary a question can be answered from exactly, or null for the base tables: its measures are counts of the
 * summary's rows, sums, averages (sum / count) or distinct counts of its keys; its groups and filters are keys of the
 * summary; its periods start and end on the summary's grain (UTC days, or months).
 */
function summaryFor(q: Parsed, source: Source): Summary | null {
  const m = q.measure;
  if (source === 'c' || q.amounts.length > 0 || q.lineCounts.length > 0) return null;
  if (m.kind === 'min' || m.kind === 'max' || m.kind === 'per') return null;
  const summary = SUMMARIES[source];
  if (!q.dims.every((dim) => summary.dims.includes(dim))) return null;
  if (m.kind === 'distinct' && (m.of === 'customers' || (source === 'p' && m.of !== 'retailers'))) return null;
  if (source === 'i' && (q.purchaseType || (m.kind === 'count' && m.of !== 'items'))) return null;
  const aligned = (date: Date | undefined) =>
    !date || (date.getTime() % 86_400_000 === 0 && (summary.grain === 'day' || date.getUTCDate() === 1));
  return q.periods.every((period) => aligned(period.from) && aligned(period.to)) ? summary : null;
}

/**
 * Units per purchase over all of the team's purchases (by retailer, type, simulated flag and period at most): the
 * units of the items over the number of purchases, each read by a subquery of its own (so from the summaries when
 * they hold it), not a distinct count of purchase ids over a year of items (slow at a million purchases: bench/mcp README).
 */
function unitsPerPurchase(q: Parsed, summaries: boolean): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const part = (source: 'p' | 'i') => {
    const measure: Measure = source === 'i' ? { kind: 'sum', field: 'units' } : { kind: 'count', of: 'purchases' };
    const summary = summaries ? summaryFor({ ...q, measure }, source) : null;
    const table = summary ? `${summary.table} ${source}` : source === 'i' ? 'mcp.items i' : 'mcp.purchases p';
    const date = summary ? `${source}.${summary.grain}` : `${source}.purchased_at`;
    const where: string[] = [];
    if (q.retailers.length > 0) where.push(`${source}.retailer_id = ANY(${param(q.retailers)})`);
    if (q.purchaseType) where.push(`${source}.purchase_type = ${param(q.purchaseType)}`);
    if (q.simulated !== undefined) where.push(`${source}.is_simulated = ${q.simulated ? 'true' : 'false'}`);
    for (const period of q.periods) {
      if (period.from) where.push(`${date} >= ${param(period.from.toISOString())}`);
      if (period.to) where.push(`${date} < ${param(period.to.toISOString())}`);
    }
    const value = source === 'i' ? 'sum(i.quantity)' : summary ? 'sum(p.purchases)' : 'count(*)';
    return `(SELECT ${value} FROM ${table}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''})`;
  };
  const units = part('i');
  const purchases = part('p');
  return { sql: `SELECT round(${units}::numeric / nullif(${purchases}, 0), 2) AS units_per_purchase LIMIT 1`, params };
}

/** The column a field adds up on rows of `source`. */
function columnOf(field: Field, source: Source): string {
  if (source === 'i') {
    if (field === 'units') return 'i.quantity';
    if (field === 'price') return 'i.price';
    if (field === 'total') return 'i.amount';
    throw new Unanswerable(`${field.replace('_', ' ')} is known per purchase, not per product or brand.`);
  }
  return `p.${field}`;
}

function nameOf(field: Field, source: Source): string {
  if (field === 'total') return source === 'i' ? 'sales' : 'spend';
  if (field === 'item_count') return 'items_per_purchase';
  return field;
}

function measureOf(
  q: Parsed,
  source: Source,
  summary: Summary | null,
  brand: string,
): { label: string; expr: (filter?: string) => string } {
  const m = q.measure;
  const filtered = (aggregate: string, filter?: string) =>
    filter ? `${aggregate} FILTER (WHERE ${filter})` : aggregate;
  const count = (inner: string, label: string) => ({
    label,
    expr: (f?: string) =>
      summary && inner === '*'
        ? `(coalesce(${filtered(`sum(${source}.${summary.count})`, f)}, 0))::int`
        : `(${filtered(`count(${inner})`, f)})::int`,
  });
  switch (m.kind) {
    case 'distinct':
      switch (m.of) {
        case 'customers':
          return count(`DISTINCT ${source}.customer_id`, 'customers');
        case 'products':
          return count('DISTINCT i.product_id', 'products');
        case 'brands':
          return count(`DISTINCT ${brand}`, 'brands');
        case 'retailers':
          return count(`DISTINCT ${source}.retailer_id`, 'retailers');
      }
      break;
    case 'count':
      if (m.of === 'connections') return count('*', 'connections');
      if (m.of === 'items') return count('*', 'items');
      return source === 'i' ? count('DISTINCT i.purchase_id', 'purchases') : count('*', 'purchases');
    case 'per': {
      const denominator =
        m.per === 'customers' ? `count(DISTINCT ${source}.customer_id)` : `count(DISTINCT ${source}.purchase_id)`;
      const numerator =
        m.of === 'purchases'
          ? source === 'i'
            ? 'count(DISTINCT i.purchase_id)'
            : 'count(*)'
          : `sum(${columnOf(m.of, source)})`;
      const name = m.of === 'purchases' ? 'purchases' : nameOf(m.of, source);
      return {
        label: `${name}_per_${m.per === 'customers' ? 'customer' : 'purchase'}`,
        expr: (f) => `round((${filtered(numerator, f)})::numeric / nullif(${filtered(denominator, f)}, 0), 2)`,
      };
    }
    case 'sum':
    case 'avg':
    case 'max':
    case 'min': {
      if (source === 'c') throw new Unanswerable('Connections have no amounts to add up.');
      const column = columnOf(m.field, source);
      const name = nameOf(m.field, source);
      switch (m.kind) {
        case 'sum': {
          const label = name === 'units' ? 'units' : `total_${name}`;
          return {
            label,
            expr: (f) =>
              column === 'i.quantity' || column === 'p.item_count'
                ? `(${filtered(`sum(${column})`, f)})::int`
                : filtered(`sum(${column})`, f),
          };
        }
        case 'avg':
          return {
            label: `average_${name}`,
            expr: (f) =>
              summary
                ? `round(${filtered(`sum(${column})`, f)} / ${filtered(`sum(${source}.${summary.count})`, f)}, 2)`
                : `round(${filtered(`avg(${column})`, f)}, 2)`,
          };
        case 'max':
          return { label: `largest_${name}`, expr: (f) => filtered(`max(${column})`, f) };
        case 'min':
          return { label: `smallest_${name}`, expr: (f) => filtered(`min(${column})`, f) };
      }
    }
  }
  throw new Unanswerable('That measure cannot be computed.');
}

function dimension(dim: Dim, source: Source, dateColumn: string, brand: string): { expr: string; label: string } {
  switch (dim) {
    case 'retailer':
      return { expr: `coalesce(r.name, ${source}.retailer_id)`, label: 'retailer' };
    case 'day':
      return { expr: `to_char(${dateColumn}, 'YYYY-MM-DD')`, label: 'day' };
    case 'week':
      return { expr: `to_char(date_trunc('week', ${dateColumn}), 'YYYY-MM-DD')`, label: 'week' };
    case 'month':
      return { expr: `to_char(${dateColumn}, 'YYYY-MM')`, label: 'month' };
    case 'year':
      return { expr: `to_char(${dateColumn}, 'YYYY')`, label: 'year' };
    case 'product':
      return { expr: 'i.product_name', label: 'product' };
    case 'brand':
      return { expr: brand, label: 'brand' };
    case 'purchase_type':
      if (source === 'c') throw new Unanswerable('Connections have no purchase type.');
      return { expr: `${source}.purchase_type`, label: 'purchase_type' };
    case 'status':
      return { expr: 'c.status', label: 'status' };
    case 'customer':
      return { expr: `${source}.customer_id`, label: 'customer' };
  }
}

function listing(
  q: Parsed,
  source: Source,
  from: string,
  where: string[],
  periodConditions: string[],
  params: unknown[],
): { sql: string; params: unknown[] } {
  const columns = {
    p: ['p.purchase_id', 'p.purchased_at', 'coalesce(r.name, p.retailer_id) AS retailer', 'p.purchase_type', 'p.total'],
    i: [
      'i.purchase_id',
      'i.item_id',
      'i.name',
      'coalesce(i.product_brand, i.brand) AS brand',
      'i.price',
      'i.quantity',
      'i.purchased_at',
    ],
    c: ['c.connection_id', 'c.customer_id', 'coalesce(r.name, c.retailer_id) AS retailer', 'c.status', 'c.created_at'],
  }[source];
  const field = fieldOf(q.measure);
  const dateColumn = source === 'c' ? 'c.created_at' : `${source}.purchased_at`;
  const valueColumn =
    source === 'i'
      ? field === 'price'
        ? 'i.price'
        : 'i.amount'
      : source === 'p'
        ? `p.${field && PURCHASE_FIELDS.includes(field) ? field : 'total'}`
        : 'c.created_at';
  const order = q.listing?.orderBy === 'value' ? valueColumn : dateColumn;
  const key = { p: 'p.purchase_id', i: 'i.item_id', c: 'c.connection_id' }[source];
  const conditions = [...where, ...periodConditions];
  const sql = [`SELECT ${columns.join(', ')}`, `FROM ${from}`];
  if (conditions.length > 0) sql.push(`WHERE ${conditions.join(' AND ')}`);
  sql.push(`ORDER BY ${order} ${q.direction === 'asc' ? 'ASC' : 'DESC'}, ${key} ASC`);
  sql.push(`LIMIT ${Math.min(q.limit ?? 20, MAX_ROWS)}`);
  return { sql: sql.join(' '), params };
}
