import { findPeriods, type Period } from './periods.js';

/** Names `ask` recognises in a question: the retailer catalog, and the team's brands and products. */
export interface Vocabulary {
  retailers: Array<{ id: string; name: string }>;
  brands: string[];
  products: Array<{ id: string; name: string }>;
}

export type Translation = { ok: true; sql: string; params: unknown[] } | { ok: false; error: string };

export const ASK_HELP =
  'I answer questions about your purchases, items, connections and customers: counts, totals, averages, ' +
  'minimum and maximum, distinct counts; by retailer, day, week, month, year, product, brand, purchase type ' +
  'or connection status; for dates in plain words (last 30 days, in March 2026, since January, yesterday), ' +
  'retailers, brands, products, amounts (over $50) and statuses; top N, and two periods compared. ' +
  'For example: "Total spend by retailer last month", "Top 5 products by units sold this year", ' +
  '"How many active connections?", "Compare purchases in March 2026 and February 2026".';

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

type Entity = 'purchases' | 'items' | 'connections' | 'customers';
type Agg = 'count' | 'sum' | 'avg' | 'min' | 'max' | 'distinct' | 'list';
type Field = 'total' | 'items_subtotal' | 'tax' | 'shipping' | 'discounts' | 'fees' | 'item_count' | 'units' | 'price';
type Distinct = 'customers' | 'products' | 'brands' | 'retailers';
type Dim = 'retailer' | 'day' | 'week' | 'month' | 'year' | 'product' | 'brand' | 'purchase_type' | 'status';

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
  twenty: 20,
};
const NUMBER = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;
const toNumber = (word: string) => NUMBER_WORDS[word] ?? Number(word);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const has = (text: string, pattern: RegExp) => pattern.test(text);

const DIM_WORDS: Array<[Dim, string]> = [
  ['retailer', 'retailers?|stores?|merchants?|shops?'],
  ['day', 'days?|dates?'],
  ['week', 'weeks?'],
  ['month', 'months?'],
  ['year', 'years?'],
  ['product', 'products?'],
  ['brand', 'brands?'],
  ['purchase_type', '(?:purchase |order )?types?|channels?'],
  ['status', '(?:connection )?status(?:es)?'],
];
const ADVERB_DIMS: Array<[Dim, RegExp]> = [
  ['day', /\bdaily\b/],
  ['week', /\bweekly\b/],
  ['month', /\bmonthly\b|\bover time\b/],
  ['year', /\byearly\b|\bannual(ly)?\b/],
  [
    'purchase_type',
    /\bonline (?:vs\.?|versus|or|and|compared to) in[ -]?store\b|\bin[ -]?store (?:vs\.?|versus|or|and) online\b/,
  ],
];

interface Parsed {
  entity: Entity;
  agg: Agg;
  field: Field;
  distinct?: Distinct;
  dims: Dim[];
  periods: Period[];
  compare: boolean;
  retailers: string[];
  brands: string[];
  products: string[];
  purchaseType?: 'online' | 'in_store';
  status?: string;
  simulated?: boolean;
  matched?: boolean;
  amounts: Array<{ op: '>' | '>=' | '<' | '<='; value: number }>;
  limit?: number;
  direction: 'desc' | 'asc';
  orderBy?: 'date' | 'value';
}

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
  const parsed = parse(question, vocabulary, now);
  if (!parsed) return { ok: false, error: `I could not read that question. ${ASK_HELP}` };
  try {
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
    .replace(/[?!,]/g, ' ')
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

function parse(question: string, vocabulary: Vocabulary, now: Date): Parsed | null {
  const state = { text: normalize(question) };

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
  const MONEY = '\\$?(\\d+(?:\\.\\d{1,2})?)(?: dollars| usd)?';
  for (const m of take(state, new RegExp(` between \\$(\\d+(?:\\.\\d{1,2})?) and ${MONEY}`))) {
    amounts.push({ op: '>=', value: Number(m[1]) }, { op: '<=', value: Number(m[2]) });
  }
  const OPS: Array<[string, Parsed['amounts'][number]['op']]> = [
    ['(?:over|above|more than|greater than|bigger than|larger than|exceeding)', '>'],
    ['(?:at least|minimum of|no less than)', '>='],
    ['(?:under|below|less than|smaller than|cheaper than)', '<'],
    ['(?:at most|maximum of|no more than|up to)', '<='],
  ];
  for (const [words, op] of OPS) {
    for (const m of take(state, new RegExp(` ${words} ${MONEY}(?= )`))) amounts.push({ op, value: Number(m[1]) });
  }

  const text = state.text;
  let limit: number | undefined;
  let direction: Parsed['direction'] = 'desc';
  const top =
    /\b(top|bottom|first|best|worst)(?: (\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twenty))?\b/.exec(
      text,
    );
  if (top) {
    limit = top[2] ? toNumber(top[2]) : 5;
    if (top[1] === 'bottom' || top[1] === 'worst') direction = 'asc';
  }
  const counted = new RegExp(
    `\\b${NUMBER} (?:most|least|largest|biggest|smallest|highest|lowest|latest|newest|oldest|recent|cheapest|most expensive|last)\\b`,
  ).exec(text);
  if (counted) limit = toNumber(counted[1]!);
  if (/\b(least|fewest|lowest|smallest|cheapest|oldest|earliest)\b/.test(text)) direction = 'asc';

  // What is measured.
  let entity: Entity | undefined;
  if (has(text, /\b(customers?|shoppers?|people|users?)\b/)) entity = 'customers';
  else if (has(text, /\b(purchases?|orders?|transactions?|receipts?|baskets?|checkouts?)\b/)) entity = 'purchases';
  else if (has(text, /\b(connections?|accounts?|links?)\b/)) entity = 'connections';
  else if (has(text, /\b(items?|lines?|units?)\b/)) entity = 'items';

  let field: Field = 'total';
  let fieldNamed = false;
  const FIELDS: Array<[Field, RegExp]> = [
    ['units', /\b(units?|quantity|quantities|units sold|sold)\b/],
    ['price', /\b(prices?|item price|unit price)\b/],
    ['items_subtotal', /\bsubtotals?\b/],
    ['tax', /\btax(es)?\b/],
    ['shipping', /\bshipping\b/],
    ['discounts', /\bdiscounts?\b/],
    ['fees', /\bfees?\b/],
    ['item_count', /\b(basket size|items per (purchase|order)|item counts?|number of items per)\b/],
    ['total', /\b(spend|spent|spending|revenue|sales|totals?|amounts?|values?|gmv|money|paid|expensive|cost)\b/],
  ];
  for (const [name, pattern] of FIELDS) {
    if (pattern.test(text)) {
      field = name;
      fieldNamed = true;
      break;
    }
  }

  let distinct: Distinct | undefined;
  const distinctWord = /\b(distinct|unique|different)\b/.test(text);
  let agg: Agg | undefined;
  if (/\b(average|avg|mean|typical)\b/.test(text)) agg = 'avg';
  else if (
    /\b(largest|biggest|highest|maximum|max|most expensive)\b/.test(text) &&
    !/\b(which|what) (retailer|store|brand|product)/.test(text)
  )
    agg = 'max';
  else if (
    /\b(smallest|lowest|minimum|min|cheapest)\b/.test(text) &&
    !/\b(which|what) (retailer|store|brand|product)/.test(text)
  )
    agg = 'min';
  else if (/\b(how many|number of|count|counts|# of|how often)\b/.test(text)) agg = 'count';
  else if (/\b(sum|total|how much|revenue|spend|spent|spending|sales|sold|gmv)\b/.test(text)) agg = 'sum';

  // Counting names: "how many customers / products / brands / retailers".
  const countable =
    /\b(?:how many|number of|count(?: of)?)(?: (?:distinct|unique|different))? (customers?|shoppers?|products?|brands?|retailers?|stores?)\b/.exec(
      text,
    );
  if (countable || (distinctWord && agg !== 'sum')) {
    const noun = countable?.[1] ?? /\b(customers?|shoppers?|products?|brands?|retailers?|stores?)\b/.exec(text)?.[1];
    if (noun) {
      distinct = /^(customer|shopper)/.test(noun)
        ? 'customers'
        : /^product/.test(noun)
          ? 'products'
          : /^brand/.test(noun)
            ? 'brands'
            : 'retailers';
      agg = 'distinct';
    }
  }

  // Grouping.
  const dims: Dim[] = [];
  const addDim = (dim: Dim) => {
    if (!dims.includes(dim)) dims.push(dim);
  };
  for (const [dim, words] of DIM_WORDS) {
    if (
      new RegExp(
        `\\b(?:by|per|for each|each|for every|across|grouped by|broken down by|split by) (?:the )?(?:${words})\\b`,
      ).test(text)
    )
      addDim(dim);
  }
  for (const [dim, pattern] of ADVERB_DIMS) if (pattern.test(text)) addDim(dim);
  const which =
    /\b(?:which|what|top|bottom|best[- ]selling|most popular|best|worst)(?: \d{1,3}| one| two| three| four| five| ten)? (retailers?|stores?|merchants?|brands?|products?|statuses|channels?)\b/.exec(
      text,
    );
  if (which) {
    const word = which[1]!;
    addDim(
      /^(retailer|store|merchant)/.test(word)
        ? 'retailer'
        : /^brand/.test(word)
          ? 'brand'
          : /^product/.test(word)
            ? 'product'
            : /^status/.test(word)
              ? 'status'
              : 'purchase_type',
    );
  }
  if (
    distinct &&
    dims.some(
      (dim) =>
        (distinct === 'products' && dim === 'product') ||
        (distinct === 'brands' && dim === 'brand') ||
        (distinct === 'retailers' && dim === 'retailer'),
    )
  ) {
    distinct = undefined;
    agg = 'count';
  }

  // Filters.
  let purchaseType: Parsed['purchaseType'];
  if (!dims.includes('purchase_type')) {
    if (/\bin[ -]?store\b|\bin person\b|\boffline\b/.test(text)) purchaseType = 'in_store';
    else if (/\bonline\b/.test(text)) purchaseType = 'online';
  }
  const status = /\b(active|initialized|unauthenticated|disconnected)\b/.exec(text)?.[1];
  let simulated: boolean | undefined;
  if (/\b(non[- ]?simulated|real|excluding simulated|not simulated|without simulated)\b/.test(text)) simulated = false;
  else if (/\bsimulated\b/.test(text)) simulated = true;
  let matched: boolean | undefined;
  if (/\bunmatched\b|\bnot matched\b/.test(text)) matched = false;
  else if (/\bmatched\b/.test(text)) matched = true;

  const compare =
    periods.length === 2 && /\b(compare|compared|comparison|vs\.?|versus|against|and|to|with)\b/.test(text);

  const listing =
    /^\s*(list|show|display|get|give me|find)\b/.test(text) ||
    /\b(most recent|latest|newest|oldest|earliest|recent)\b/.test(text) ||
    (/\b(largest|biggest|smallest|most expensive|cheapest)\b/.test(text) &&
      /\b(purchases|orders|transactions|items)\b/.test(text));
  if (listing && dims.length === 0 && !distinct && agg !== 'count' && agg !== 'avg' && agg !== 'sum' && !compare) {
    agg = 'list';
  }

  const understood =
    entity !== undefined || fieldNamed || distinct !== undefined || dims.length > 0 || agg === 'sum' || agg === 'avg';
  if (!understood) return null;
  if (!agg) agg = dims.length > 0 || entity ? (fieldNamed && field !== 'units' ? 'sum' : 'count') : 'sum';
  if (agg === 'sum' && field === 'total' && !fieldNamed && /\bsold\b/.test(text)) field = 'units';
  if (
    agg === 'count' &&
    (field === 'units' || /\bsold\b/.test(text)) &&
    (dims.includes('product') || dims.includes('brand'))
  ) {
    agg = 'sum';
    field = 'units';
  }
  if ((dims.includes('product') || dims.includes('brand')) && !fieldNamed && agg === 'count' && !entity) {
    agg = 'sum';
    field = 'units';
  }
  let orderBy: Parsed['orderBy'];
  if (agg === 'list') {
    orderBy = /\b(largest|biggest|smallest|most expensive|cheapest|highest|lowest)\b/.test(text) ? 'value' : 'date';
    if (/\b(oldest|earliest|first)\b/.test(text)) direction = 'asc';
    else if (orderBy === 'date') direction = 'desc';
  }
  return {
    entity: entity ?? (field === 'units' || field === 'price' ? 'items' : 'purchases'),
    agg,
    field,
    ...(distinct ? { distinct } : {}),
    dims,
    periods,
    compare,
    retailers,
    brands,
    products,
    ...(purchaseType ? { purchaseType } : {}),
    ...(status ? { status } : {}),
    ...(simulated !== undefined ? { simulated } : {}),
    ...(matched !== undefined ? { matched } : {}),
    amounts,
    ...(limit !== undefined ? { limit } : {}),
    direction,
    ...(orderBy ? { orderBy } : {}),
  };
}

const MAX_ROWS = 100;
const PURCHASE_FIELDS: Field[] = ['total', 'items_subtotal', 'tax', 'shipping', 'discounts', 'fees', 'item_count'];

function build(q: Parsed, summaries: boolean): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };

  // Which relation rows are counted from.
  const needsItems =
    q.entity === 'items' ||
    q.field === 'units' ||
    q.field === 'price' ||
    q.dims.includes('product') ||
    q.dims.includes('brand') ||
    q.brands.length > 0 ||
    q.products.length > 0 ||
    q.matched !== undefined ||
    q.distinct === 'products' ||
    q.distinct === 'brands';
  const onConnections =
    (q.entity === 'connections' || q.entity === 'customers' || q.distinct === 'customers') && !needsItems;
  const source: 'p' | 'i' | 'c' = onConnections ? 'c' : needsItems ? 'i' : 'p';
  if (source === 'i' && PURCHASE_FIELDS.includes(q.field) && q.field !== 'total') {
    throw new Unanswerable(`${q.field.replace('_', ' ')} is known per purchase, not per product or brand.`);
  }
  if (source === 'c' && (q.purchaseType || q.amounts.length > 0)) {
    throw new Unanswerable('Connections have no purchase type or amount.');
  }
  const needsConnection = source !== 'c' && (q.status !== undefined || q.dims.includes('status'));
  const summary = summaries && !needsConnection ? summaryFor(q, source) : null;
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
  if (needsConnection) {
    if (source === 'i') joins.push('JOIN mcp.purchases p ON p.purchase_id = i.purchase_id');
    joins.push('JOIN mcp.connections c ON c.connection_id = p.connection_id');
  }
  if (q.dims.includes('retailer') || q.agg === 'list') {
    joins.push(`LEFT JOIN mcp.retailers r ON r.retailer_id = ${source}.retailer_id`);
  }

  const where: string[] = [];
  if (q.retailers.length > 0) where.push(`${source}.retailer_id = ANY(${param(q.retailers)})`);
  if (q.brands.length > 0) where.push(`lower(${brand}) = ANY(${param(q.brands)})`);
  if (q.products.length > 0) where.push(`i.product_id = ANY(${param(q.products)})`);
  if (q.purchaseType) where.push(`${source}.purchase_type = ${param(q.purchaseType)}`);
  if (q.status) where.push(`c.status = ${param(q.status)}`);
  if (q.simulated !== undefined) where.push(`${source}.is_simulated = ${q.simulated ? 'true' : 'false'}`);
  if (q.matched !== undefined) where.push(`i.product_id IS ${q.matched ? 'NOT NULL' : 'NULL'}`);
  const amountColumn = source === 'i' ? 'i.amount' : 'p.total';
  for (const amount of q.amounts) where.push(`${amountColumn} ${amount.op} ${param(amount.value)}`);
  if (q.dims.includes('product') || q.distinct === 'products') where.push('i.product_id IS NOT NULL');
  if (q.dims.includes('brand') || q.distinct === 'brands') where.push(`${brand} IS NOT NULL`);

  const periodCondition = (period: Period): string => {
    const parts: string[] = [];
    if (period.from) parts.push(`${dateColumn} >= ${param(period.from.toISOString())}`);
    if (period.to) parts.push(`${dateColumn} < ${param(period.to.toISOString())}`);
    return parts.join(' AND ') || 'true';
  };

  const from = [table, ...joins].join(' ');
  if (q.agg === 'list') return listing(q, source, from, where, q.periods.map(periodCondition), params);

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
function summaryFor(q: Parsed, source: 'p' | 'i' | 'c'): Summary | null {
  if (source === 'c' || q.amounts.length > 0 || q.agg === 'min' || q.agg === 'max' || q.agg === 'list') return null;
  const summary = SUMMARIES[source];
  if (!q.dims.every((dim) => summary.dims.includes(dim))) return null;
  if (q.agg === 'distinct' && (q.distinct === 'customers' || (source === 'p' && q.distinct !== 'retailers'))) {
    return null;
  }
  if (source === 'i' && (q.purchaseType || (q.agg === 'count' && q.entity !== 'items'))) return null;
  const aligned = (date: Date | undefined) =>
    !date || (date.getTime() % 86_400_000 === 0 && (summary.grain === 'day' || date.getUTCDate() === 1));
  return q.periods.every((period) => aligned(period.from) && aligned(period.to)) ? summary : null;
}

function measureOf(
  q: Parsed,
  source: 'p' | 'i' | 'c',
  summary: Summary | null,
  brand: string,
): { label: string; expr: (filter?: string) => string } {
  const filtered = (aggregate: string, filter?: string) =>
    filter ? `${aggregate} FILTER (WHERE ${filter})` : aggregate;
  const count = (inner: string, label: string) => ({
    label,
    expr: (f?: string) =>
      summary && inner === '*'
        ? `(coalesce(${filtered(`sum(${source}.${summary.count})`, f)}, 0))::int`
        : `(${filtered(`count(${inner})`, f)})::int`,
  });
  if (q.agg === 'distinct') {
    switch (q.distinct) {
      case 'customers':
        return count('DISTINCT c.customer_id', 'customers');
      case 'products':
        return count('DISTINCT i.product_id', 'products');
      case 'brands':
        return count(`DISTINCT ${brand}`, 'brands');
      case 'retailers':
      case undefined:
        return count(`DISTINCT ${source}.retailer_id`, 'retailers');
    }
  }
  if (q.agg === 'count') {
    if (source === 'c') return count('*', 'connections');
    if (source === 'i' && q.entity !== 'items') return count('DISTINCT i.purchase_id', 'purchases');
    return count('*', source === 'i' ? 'items' : 'purchases');
  }
  if (source === 'c') throw new Unanswerable('Connections have no amounts to add up.');
  const column =
    source === 'i'
      ? ({ units: 'i.quantity', price: 'i.price' }[q.field as 'units' | 'price'] ?? 'i.amount')
      : q.field === 'units' || q.field === 'price'
        ? 'p.total'
        : `p.${q.field}`;
  const name =
    q.field === 'units'
      ? 'units'
      : q.field === 'price'
        ? 'price'
        : q.field === 'total'
          ? source === 'i'
            ? 'sales'
            : 'spend'
          : q.field;
  switch (q.agg) {
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
    case 'list':
      return { label: `smallest_${name}`, expr: (f) => filtered(`min(${column})`, f) };
  }
}

function dimension(
  dim: Dim,
  source: 'p' | 'i' | 'c',
  dateColumn: string,
  brand: string,
): { expr: string; label: string } {
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
  }
}

function listing(
  q: Parsed,
  source: 'p' | 'i' | 'c',
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
  const dateColumn = source === 'c' ? 'c.created_at' : `${source}.purchased_at`;
  const valueColumn =
    source === 'i'
      ? q.field === 'price'
        ? 'i.price'
        : 'i.amount'
      : source === 'p'
        ? `p.${PURCHASE_FIELDS.includes(q.field) ? q.field : 'total'}`
        : 'c.created_at';
  const order = q.orderBy === 'value' ? valueColumn : dateColumn;
  const key = { p: 'p.purchase_id', i: 'i.item_id', c: 'c.connection_id' }[source];
  const conditions = [...where, ...periodConditions];
  const sql = [`SELECT ${columns.join(', ')}`, `FROM ${from}`];
  if (conditions.length > 0) sql.push(`WHERE ${conditions.join(' AND ')}`);
  sql.push(`ORDER BY ${order} ${q.direction === 'asc' ? 'ASC' : 'DESC'}, ${key} ASC`);
  sql.push(`LIMIT ${Math.min(q.limit ?? 20, MAX_ROWS)}`);
  return { sql: sql.join(' '), params };
}
