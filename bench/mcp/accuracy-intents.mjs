// The intents of the `ask` accuracy bench (bench/mcp/accuracy.mjs): for each, hand-written reference SQL over the read
// model (run as the team under row-level security, as `ask` is, but written here, not by the translator) and how an
// answer is compared with it:
//   value  one row, compared value by value;
//   group  rows compared as a set; when the arguments name `n`, in order; without `n`, the answer may also be the
//          first rows of the ranking (a default top 5, the 100-row limit);
//   first  the answer's first row is the reference's (the one retailer, brand or shopper asked for);
//   refused  the answer is an error.
// Rankings order by the measure (descending unless `order` is 'asc'), then by the key ascending.

const FIELDS = new Set(['total', 'items_subtotal', 'discounts', 'shipping', 'fees', 'tax']);
const OPS = new Set(['>', '>=', '<', '<=']);
const BRAND = 'coalesce(i.product_brand, i.brand)';

/** A statement's parameters: `p(value)` adds one and answers its placeholder. */
function params() {
  const values = [];
  const p = (value) => {
    values.push(value);
    return `$${values.length}`;
  };
  return { values, p };
}

/** Conditions of the common filters on relation `a` (purchases `p` or items `i`), dates on `date`. */
function filters(args, p, a = 'p', date = `${a}.purchased_at`) {
  const where = [];
  if (args.period) where.push(...periodConditions(args.period, p, date));
  if (args.retailer) where.push(`${a}.retailer_id = ${p(args.retailer)}`);
  if (args.type) where.push(`${a}.purchase_type = ${p(args.type)}`);
  if (args.brand) where.push(`${BRAND} = ${p(args.brand)}`);
  if (args.product) where.push(`i.product_name = ${p(args.product)}`);
  return where;
}

function periodConditions(period, p, date) {
  const where = [];
  if (period.from) where.push(`${date} >= ${p(period.from)}::timestamptz`);
  if (period.to) where.push(`${date} < ${p(period.to)}::timestamptz`);
  return where.length > 0 ? where : ['true'];
}

const whereOf = (conditions) => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');
const field = (args) => {
  if (!FIELDS.has(args.field)) throw new Error(`unknown amount field ${args.field}`);
  return args.field;
};
const ranked = (args, extra = '') =>
  `ORDER BY 2 ${args.order === 'asc' ? 'ASC' : 'DESC'}, 1 ASC${extra}${args.n ? ` LIMIT ${Number(args.n)}` : ''}`;
const RETAILER_P = 'coalesce(r.name, p.retailer_id)';
const RETAILER_I = 'coalesce(r.name, i.retailer_id)';
const JOIN_R_P = 'LEFT JOIN mcp.retailers r ON r.retailer_id = p.retailer_id';
const JOIN_R_I = 'LEFT JOIN mcp.retailers r ON r.retailer_id = i.retailer_id';
const JOIN_C = 'JOIN mcp.connections c ON c.connection_id = p.connection_id';
const JOIN_P = 'JOIN mcp.purchases p ON p.purchase_id = i.purchase_id';

/** Purchases: one value of `measure`. */
const purchaseValue = (measure) => (args, p) =>
  `SELECT ${measure(args)} FROM mcp.purchases p ${whereOf(filters(args, p))}`;
/** Purchases grouped by `key`. */
const purchaseGroup =
  (key, measure, join = '') =>
  (args, p) =>
    `SELECT ${key}, ${measure(args)} FROM mcp.purchases p ${join} ${whereOf(filters(args, p))} GROUP BY 1 ${ranked(args)}`;
/** Items: one value of `measure`. */
const itemValue =
  (measure, extra = []) =>
  (args, p) =>
    `SELECT ${measure} FROM mcp.items i ${whereOf([...filters(args, p, 'i'), ...extra])}`;
/** Items grouped by `key`. */
const itemGroup =
  (key, measure, extra = [], join = '') =>
  (args, p) =>
    `SELECT ${key}, ${measure} FROM mcp.items i ${join} ${whereOf([...filters(args, p, 'i'), ...extra])} GROUP BY 1 ${ranked(args)}`;
/** Two periods compared: one column each. */
const compared = (measure, relation, a) => (args, p) => {
  const [first, second] = args.periods;
  const [one, two] = [first, second].map((period) => periodConditions(period, p, `${a}.purchased_at`).join(' AND '));
  const rest = filters({ ...args, period: undefined }, p, a);
  const column = (filter) =>
    measure.startsWith('round(avg(')
      ? `round(avg(p.total) FILTER (WHERE ${filter}), 2)`
      : `${measure} FILTER (WHERE ${filter})`;
  return `SELECT ${column(one)} AS first, ${column(two)} AS second FROM ${relation} ${whereOf(rest)}`;
};

const MONTH = (a) => `to_char(${a}.purchased_at, 'YYYY-MM')`;

export const INTENTS = {
  'purchases.count': { mode: 'value', sql: purchaseValue(() => 'count(*)') },
  'purchases.count.by_retailer': { mode: 'group', sql: purchaseGroup(RETAILER_P, () => 'count(*)', JOIN_R_P) },
  'purchases.count.by_month': { mode: 'group', sql: purchaseGroup(MONTH('p'), () => 'count(*)') },
  'purchases.count.by_week': {
    mode: 'group',
    sql: purchaseGroup(`to_char(date_trunc('week', p.purchased_at), 'YYYY-MM-DD')`, () => 'count(*)'),
  },
  'purchases.count.by_day': {
    mode: 'group',
    sql: purchaseGroup(`to_char(p.purchased_at, 'YYYY-MM-DD')`, () => 'count(*)'),
  },
  'purchases.count.by_year': { mode: 'group', sql: purchaseGroup(`to_char(p.purchased_at, 'YYYY')`, () => 'count(*)') },
  'purchases.count.by_type': { mode: 'group', sql: purchaseGroup('p.purchase_type', () => 'count(*)') },
  'purchases.count.by_status': { mode: 'group', sql: purchaseGroup('c.status', () => 'count(*)', JOIN_C) },
  'purchases.count.amount': {
    mode: 'value',
    sql: (args, p) => {
      if (!OPS.has(args.op)) throw new Error(`unknown comparison ${args.op}`);
      return `SELECT count(*) FROM mcp.purchases p ${whereOf([...filters(args, p), `p.total ${args.op} ${p(args.amount)}`])}`;
    },
  },
  'purchases.count.simulated': {
    mode: 'value',
    sql: (args, p) =>
      `SELECT count(*) FROM mcp.purchases p ${whereOf([...filters(args, p), `p.is_simulated = ${p(args.simulated)}`])}`,
  },
  'purchases.count.customer': {
    mode: 'value',
    sql: (args, p) =>
      `SELECT count(*) FROM mcp.purchases p ${JOIN_C} ${whereOf([...filters(args, p), `c.customer_id = ${p(args.customer)}`])}`,
  },

  'spend.sum': { mode: 'value', sql: purchaseValue(() => 'sum(p.total)') },
  'spend.sum.by_retailer': { mode: 'group', sql: purchaseGroup(RETAILER_P, () => 'sum(p.total)', JOIN_R_P) },
  'spend.sum.by_month': { mode: 'group', sql: purchaseGroup(MONTH('p'), () => 'sum(p.total)') },
  'spend.sum.by_year': { mode: 'group', sql: purchaseGroup(`to_char(p.purchased_at, 'YYYY')`, () => 'sum(p.total)') },
  'spend.sum.by_type': { mode: 'group', sql: purchaseGroup('p.purchase_type', () => 'sum(p.total)') },
  'spend.sum.by_status': { mode: 'group', sql: purchaseGroup('c.status', () => 'sum(p.total)', JOIN_C) },
  'spend.top_retailers': { mode: 'group', sql: purchaseGroup(RETAILER_P, () => 'sum(p.total)', JOIN_R_P) },
  'spend.top_retailer': { mode: 'first', sql: purchaseGroup(RETAILER_P, () => 'sum(p.total)', JOIN_R_P) },
  'spend.avg': { mode: 'value', sql: purchaseValue(() => 'round(avg(p.total), 2)') },
  'spend.avg.by_retailer': { mode: 'group', sql: purchaseGroup(RETAILER_P, () => 'round(avg(p.total), 2)', JOIN_R_P) },
  'spend.avg.by_month': { mode: 'group', sql: purchaseGroup(MONTH('p'), () => 'round(avg(p.total), 2)') },
  'spend.max': { mode: 'value', sql: purchaseValue(() => 'max(p.total)') },
  'spend.min': { mode: 'value', sql: purchaseValue(() => 'min(p.total)') },
  'spend.customer': {
    mode: 'value',
    sql: (args, p) =>
      `SELECT sum(p.total) FROM mcp.purchases p ${JOIN_C} ${whereOf([...filters(args, p), `c.customer_id = ${p(args.customer)}`])}`,
  },

  'component.sum': { mode: 'value', sql: purchaseValue((args) => `sum(p.${field(args)})`) },
  'component.avg': { mode: 'value', sql: purchaseValue((args) => `round(avg(p.${field(args)}), 2)`) },
  'component.max': { mode: 'value', sql: purchaseValue((args) => `max(p.${field(args)})`) },
  'component.sum.by_retailer': {
    mode: 'group',
    sql: purchaseGroup(RETAILER_P, (args) => `sum(p.${field(args)})`, JOIN_R_P),
  },
  'component.sum.by_month': { mode: 'group', sql: purchaseGroup(MONTH('p'), (args) => `sum(p.${field(args)})`) },
  'component.sum.by_type': { mode: 'group', sql: purchaseGroup('p.purchase_type', (args) => `sum(p.${field(args)})`) },

  'lines.count': { mode: 'value', sql: itemValue('count(*)') },
  'lines.count.brand': { mode: 'value', sql: itemValue('count(*)') },
  'lines.unmatched': { mode: 'value', sql: itemValue('count(*)', ['i.product_id IS NULL']) },
  'lines.avg_per_purchase': { mode: 'value', sql: purchaseValue(() => 'round(avg(p.item_count), 2)') },

  'units.sum': { mode: 'value', sql: itemValue('sum(i.quantity)') },
  'units.sum.brand': { mode: 'value', sql: itemValue('sum(i.quantity)') },
  'units.sum.product': { mode: 'value', sql: itemValue('sum(i.quantity)') },
  'units.avg_per_purchase': {
    mode: 'value',
    sql: itemValue('round(sum(i.quantity)::numeric / count(DISTINCT i.purchase_id), 2)'),
  },
  'units.avg_per_line': { mode: 'value', sql: itemValue('round(avg(i.quantity), 2)') },
  'units.by_brand': { mode: 'group', sql: itemGroup(BRAND, 'sum(i.quantity)', [`${BRAND} IS NOT NULL`]) },
  'units.by_product': { mode: 'group', sql: itemGroup('i.product_name', 'sum(i.quantity)', ['i.product_id IS NOT NULL']) },
  'units.by_month': { mode: 'group', sql: itemGroup(MONTH('i'), 'sum(i.quantity)') },
  'units.by_retailer': { mode: 'group', sql: itemGroup(RETAILER_I, 'sum(i.quantity)', [], JOIN_R_I) },
  'units.top_brand': { mode: 'first', sql: itemGroup(BRAND, 'sum(i.quantity)', [`${BRAND} IS NOT NULL`]) },
  'units.top_product': {
    mode: 'first',
    sql: itemGroup('i.product_name', 'sum(i.quantity)', ['i.product_id IS NOT NULL']),
  },

  'sales.sum.brand': { mode: 'value', sql: itemValue('sum(i.amount)') },
  'sales.sum.product': { mode: 'value', sql: itemValue('sum(i.amount)') },
  'sales.by_brand': { mode: 'group', sql: itemGroup(BRAND, 'sum(i.amount)', [`${BRAND} IS NOT NULL`]) },
  'sales.by_product': { mode: 'group', sql: itemGroup('i.product_name', 'sum(i.amount)', ['i.product_id IS NOT NULL']) },
  'sales.by_retailer.brand': { mode: 'group', sql: itemGroup(RETAILER_I, 'sum(i.amount)', [], JOIN_R_I) },
  'sales.by_month.brand': { mode: 'group', sql: itemGroup(MONTH('i'), 'sum(i.amount)') },

  'price.avg': { mode: 'value', sql: itemValue('round(avg(i.price), 2)') },
  'price.max': { mode: 'value', sql: itemValue('max(i.price)') },
  'price.min': { mode: 'value', sql: itemValue('min(i.price)') },

  'products.distinct': { mode: 'value', sql: itemValue('count(DISTINCT i.product_id)') },
  'brands.distinct': { mode: 'value', sql: itemValue(`count(DISTINCT ${BRAND})`) },
  'retailers.distinct': { mode: 'value', sql: purchaseValue(() => 'count(DISTINCT p.retailer_id)') },
  'purchases.with_brand': { mode: 'value', sql: itemValue('count(DISTINCT i.purchase_id)') },
  'purchases.with_product': { mode: 'value', sql: itemValue('count(DISTINCT i.purchase_id)') },

  'customers.count': {
    mode: 'value',
    sql: (args, p) => {
      const where = [];
      if (args.retailer) where.push(`c.retailer_id = ${p(args.retailer)}`);
      return `SELECT count(DISTINCT c.customer_id) FROM mcp.connections c ${whereOf(where)}`;
    },
  },
  'customers.purchasing': {
    mode: 'value',
    sql: (args, p) => `SELECT count(DISTINCT c.customer_id) FROM mcp.purchases p ${JOIN_C} ${whereOf(filters(args, p))}`,
  },
  'customers.brand': {
    mode: 'value',
    sql: (args, p) =>
      `SELECT count(DISTINCT c.customer_id) FROM mcp.items i ${JOIN_P} ${JOIN_C} ${whereOf(filters(args, p, 'i'))}`,
  },
  'customers.top_spend': { mode: 'group', sql: purchaseGroup('c.customer_id', () => 'sum(p.total)', JOIN_C) },
  'customers.top_spender': { mode: 'first', sql: purchaseGroup('c.customer_id', () => 'sum(p.total)', JOIN_C) },
  'customers.top_orders': { mode: 'group', sql: purchaseGroup('c.customer_id', () => 'count(*)', JOIN_C) },
  'customers.top_units': {
    mode: 'group',
    sql: itemGroup('c.customer_id', 'sum(i.quantity)', [], `${JOIN_P} ${JOIN_C}`),
  },
  'customers.avg_spend': {
    mode: 'value',
    sql: purchaseValue(() => 'round(sum(p.total) / count(DISTINCT c.customer_id), 2)'),
    join: JOIN_C,
  },
  'customers.avg_orders': {
    mode: 'value',
    sql: purchaseValue(() => 'round(count(*)::numeric / count(DISTINCT c.customer_id), 2)'),
    join: JOIN_C,
  },
  'customers.by_retailer': {
    mode: 'group',
    sql: (args) =>
      `SELECT coalesce(r.name, c.retailer_id), count(DISTINCT c.customer_id) FROM mcp.connections c
       LEFT JOIN mcp.retailers r ON r.retailer_id = c.retailer_id GROUP BY 1 ${ranked(args)}`,
  },

  'connections.count': { mode: 'value', sql: (args, p) => `SELECT count(*) FROM mcp.connections c ${whereOf(connectionFilters(args, p))}` },
  'connections.by_status': {
    mode: 'group',
    sql: (args, p) => `SELECT c.status, count(*) FROM mcp.connections c ${whereOf(connectionFilters(args, p))} GROUP BY 1 ${ranked(args)}`,
  },
  'connections.by_retailer': {
    mode: 'group',
    sql: (args, p) =>
      `SELECT coalesce(r.name, c.retailer_id), count(*) FROM mcp.connections c
       LEFT JOIN mcp.retailers r ON r.retailer_id = c.retailer_id ${whereOf(connectionFilters(args, p))} GROUP BY 1 ${ranked(args)}`,
  },
  'connections.new': { mode: 'value', sql: (args, p) => `SELECT count(*) FROM mcp.connections c ${whereOf(connectionFilters(args, p))}` },
  'connections.simulated': {
    mode: 'value',
    sql: (args, p) => `SELECT count(*) FROM mcp.connections c ${whereOf([...connectionFilters(args, p), 'c.is_simulated'])}`,
  },

  'compare.spend': { mode: 'value', sql: compared('sum(p.total)', 'mcp.purchases p', 'p') },
  'compare.count': { mode: 'value', sql: compared('count(*)', 'mcp.purchases p', 'p') },
  'compare.avg': { mode: 'value', sql: compared('round(avg(p.total), 2)', 'mcp.purchases p', 'p') },
  'compare.units': { mode: 'value', sql: compared('sum(i.quantity)', 'mcp.items i', 'i') },
  'compare.sales': { mode: 'value', sql: compared('sum(i.amount)', 'mcp.items i', 'i') },
  'compare.component': {
    mode: 'value',
    sql: (args, p) => compared(`sum(p.${field(args)})`, 'mcp.purchases p', 'p')(args, p),
  },

  refused: { mode: 'refused' },
}; // prettier-ignore

function connectionFilters(args, p) {
  const where = [];
  if (args.status) where.push(`c.status = ${p(args.status)}`);
  if (args.retailer) where.push(`c.retailer_id = ${p(args.retailer)}`);
  if (args.period) where.push(...periodConditions(args.period, p, 'c.created_at'));
  return where;
}

/** The reference statement of `intent` with `args`, or null for a question that must be refused. */
export function referenceSql(intent, args) {
  const definition = INTENTS[intent];
  if (!definition) throw new Error(`unknown intent ${intent}`);
  if (definition.mode === 'refused') return null;
  const { values, p } = params();
  let sql = definition.sql(args, p);
  if (definition.join) sql = sql.replace('FROM mcp.purchases p', `FROM mcp.purchases p ${definition.join}`);
  return { sql, params: values, mode: definition.mode };
}
