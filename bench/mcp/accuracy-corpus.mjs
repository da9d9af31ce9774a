// The tuned part of the `ask` accuracy corpus (bench/mcp/accuracy.mjs): per intent, several phrasings crossed with
// several entity values (retailers, brands, products, periods, amount fields, statuses). Each phrasing takes values
// in turn from its intent's list, so every value is asked in more than one wording.
import { NOW } from './accuracy-held-out.mjs';

const DAY = 86_400_000;
const daysAgo = (days) => new Date(NOW.getTime() - days * DAY).toISOString();
const monthsAgo = (months) => {
  const date = new Date(NOW.getTime());
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString();
};

const Y2025 = { from: '2025-01-01', to: '2026-01-01' };
const Y2026 = { from: '2026-01-01', to: '2027-01-01' };
const Q1_2026 = { from: '2026-01-01', to: '2026-04-01' };
const MAR_2026 = { from: '2026-03-01', to: '2026-04-01' };
const FEB_2026 = { from: '2026-02-01', to: '2026-03-01' };

/** Date words and the period they mean (NOW is 2026-04-15 12:00 UTC, a Wednesday). */
const PERIODS = {
  '': undefined,
  'last month': MAR_2026,
  'in March 2026': MAR_2026,
  'this year': Y2026,
  'in 2025': Y2025,
  'last year': Y2025,
  'in the last 30 days': { from: daysAgo(30) },
  'over the past 90 days': { from: daysAgo(90) },
  'last quarter': Q1_2026,
  'in Q1 2026': Q1_2026,
  'in Q4 2025': { from: '2025-10-01', to: '2026-01-01' },
  'since January': { from: '2026-01-01' },
  'in February 2026': FEB_2026,
  'between 2026-02-01 and 2026-02-28': FEB_2026,
  'from January to March 2026': Q1_2026,
  'year to date': { from: '2026-01-01' },
  yesterday: { from: '2026-04-14', to: '2026-04-15' },
  'last week': { from: '2026-04-06', to: '2026-04-13' },
  'this month': { from: '2026-04-01', to: '2026-05-01' },
  'in the past 6 months': { from: monthsAgo(6) },
  'in the last 12 months': { from: monthsAgo(12) },
  'before 2025': { to: '2025-01-01' },
  'in December 2025': { from: '2025-12-01', to: '2026-01-01' },
  'since 2025-11-15': { from: '2025-11-15' },
  'between March 1 and March 15, 2026': { from: '2026-03-01', to: '2026-03-16' },
  'in the first half of 2025': { from: '2025-01-01', to: '2025-07-01' },
};
const RETAILERS = {
  Target: 'target',
  Walmart: 'walmart',
  Amazon: 'amazon',
  Kroger: 'kroger',
  Costco: 'costco',
  Walgreens: 'walgreens',
  CVS: 'cvs',
  'Best Buy': 'bestbuy',
  'Home Depot': 'homedepot',
  Safeway: 'safeway',
};
const FIELD_WORDS = {
  shipping: 'shipping',
  'shipping costs': 'shipping',
  'delivery charges': 'shipping',
  tax: 'tax',
  taxes: 'tax',
  'sales tax': 'tax',
  fees: 'fees',
  'service fees': 'fees',
  discounts: 'discounts',
  'discount amount': 'discounts',
  subtotal: 'items_subtotal',
  'items subtotal': 'items_subtotal',
};
const TYPES = { online: 'online', 'in-store': 'in_store', 'in store': 'in_store' };
const STATUSES = {
  active: 'active',
  disconnected: 'disconnected',
  unauthenticated: 'unauthenticated',
  initialized: 'initialized',
};

/** A value set's words -> the intent's arguments. */
function argsOf(words) {
  const args = {};
  for (const [slot, word] of Object.entries(words)) {
    if (slot === 'period') {
      if (!(word in PERIODS)) throw new Error(`unknown period words "${word}"`);
      if (PERIODS[word]) args.period = PERIODS[word];
    } else if (slot === 'p1' || slot === 'p2') {
      args.periods ??= [];
      args.periods[slot === 'p1' ? 0 : 1] = PERIODS[word];
    } else if (slot === 'retailer') args.retailer = RETAILERS[word];
    else if (slot === 'field') args.field = FIELD_WORDS[word];
    else if (slot === 'type') args.type = TYPES[word];
    else if (slot === 'status') args.status = STATUSES[word];
    else if (slot === 'n') args.n = Number(word);
    else args[slot] = word;
  }
  return args;
}

const fill = (phrasing, words) =>
  phrasing
    .replace(/\{(\w+)\}/g, (_, slot) => {
      if (!(slot in words)) throw new Error(`"${phrasing}" has no value for ${slot}`);
      return words[slot];
    })
    .replace(/\s+/g, ' ')
    .replace(/\s+([?.])/g, '$1')
    .trim();

const P = (...periods) => periods.map((period) => ({ period }));
const RP = (pairs) => pairs.map(([retailer, period]) => ({ retailer, period }));
const BP = (pairs) => pairs.map(([brand, period]) => ({ brand, period }));

/** [intent, phrasings, value sets, questions per phrasing] */
const TEMPLATES = [
  ['purchases.count', ['How many purchases {period}?', 'Number of orders {period}', 'Count of transactions {period}', 'How many baskets {period}?'], P('', 'last month', 'in 2025', 'in the last 30 days', 'yesterday', 'in Q4 2025', 'since January', 'between March 1 and March 15, 2026'), 2],
  ['purchases.count', ['How many purchases at {retailer} {period}?', 'Orders from {retailer} {period}', 'Number of {retailer} transactions {period}'], RP([['Target', ''], ['Costco', 'last month'], ['Best Buy', 'in 2025'], ['Home Depot', 'this year'], ['CVS', 'last quarter'], ['Walgreens', 'in the first half of 2025']]), 2],
  ['purchases.count', ['How many {type} purchases {period}?', 'Number of {type} orders {period}'], [{ type: 'online', period: '' }, { type: 'in-store', period: 'last month' }, { type: 'in store', period: 'in 2025' }, { type: 'online', period: 'this year' }], 2],
  ['purchases.count.by_retailer', ['Purchases by retailer {period}', 'How many orders per store {period}?', 'Number of transactions for each retailer {period}'], P('', 'last month', 'in 2025', 'last quarter'), 2],
  ['purchases.count.by_month', ['Purchases by month {period}', 'Monthly order count {period}', 'How many orders each month {period}?'], P('', 'in 2025', 'since January', 'in the last 12 months'), 2],
  ['purchases.count.by_week', ['Purchases by week {period}', 'Weekly order count {period}', 'How many orders per week {period}?'], P('in March 2026', 'last quarter', 'in the last 30 days', 'in February 2026'), 2],
  ['purchases.count.by_day', ['Purchases by day {period}', 'Daily orders {period}', 'How many purchases per day {period}?'], P('last week', 'in March 2026', 'between March 1 and March 15, 2026'), 2],
  ['purchases.count.by_year', ['Purchases by year', 'How many orders per year?', 'Yearly transaction count'], [{}], 1],
  ['purchases.count.by_type', ['Online vs in-store purchases {period}', 'Purchases by purchase type {period}', 'How many orders online versus in store {period}?'], P('', 'last month', 'in 2025'), 2],
  ['purchases.count.by_status', ['Purchases by connection status {period}', 'Orders per connection status {period}'], P('', 'this year', 'in 2025'), 2],
  ['purchases.count.amount', ['How many purchases over ${amount} {period}?', 'Number of orders above {amount} dollars {period}', 'Count of baskets of at least ${amount} {period}'], [{ amount: '50', period: '' }, { amount: '100', period: 'last month' }, { amount: '120', period: 'in 2025' }, { amount: '20', period: 'this year' }], 2],
  ['purchases.count.amount', ['How many purchases under ${amount} {period}?', 'Orders below {amount} dollars {period}'], [{ amount: '20', period: '' }, { amount: '50', period: 'last month' }, { amount: '30', period: 'in 2025' }], 2],
  ['purchases.count.simulated', ['How many simulated purchases {period}?', 'Number of simulated orders {period}'], [{ period: '' }, { period: 'in 2025' }, { period: 'last month' }].map((w) => ({ ...w, simulated: true })), 2],
  ['purchases.count.simulated', ['How many real purchases {period}?', 'Number of non-simulated orders {period}'], [{ period: '' }, { period: 'in 2025' }, { period: 'last month' }].map((w) => ({ ...w, simulated: false })), 2],

  ['spend.sum', ['Total spend {period}', 'How much was spent {period}?', 'Revenue {period}', 'Total sales {period}', 'What was the GMV {period}?'], P('', 'last month', 'in 2025', 'this year', 'in the last 30 days', 'last quarter', 'yesterday', 'in December 2025', 'since 2025-11-15', 'before 2025'), 2],
  ['spend.sum', ['Total spend at {retailer} {period}', 'How much did shoppers spend at {retailer} {period}?', '{retailer} revenue {period}'], RP([['Target', ''], ['Walmart', 'last month'], ['Amazon', 'in 2025'], ['Kroger', 'this year'], ['Safeway', 'last quarter'], ['Best Buy', 'in the past 6 months']]), 2],
  ['spend.sum', ['Total {type} spend {period}', 'How much was spent {type} {period}?'], [{ type: 'online', period: '' }, { type: 'in store', period: 'in 2025' }, { type: 'online', period: 'last month' }], 2],
  ['spend.sum.by_retailer', ['Total spend by retailer {period}', 'Revenue per store {period}', 'How much was spent at each retailer {period}?', 'Sales broken down by merchant {period}'], P('', 'last month', 'in 2025', 'this year', 'last quarter'), 2],
  ['spend.sum.by_month', ['Spend by month {period}', 'Monthly revenue {period}', 'How much was spent each month {period}?'], P('', 'in 2025', 'since January', 'in the last 12 months'), 2],
  ['spend.sum.by_month', ['Monthly spend at {retailer} {period}', '{retailer} revenue by month {period}'], RP([['Target', 'in 2025'], ['Walmart', 'since January'], ['Amazon', '']]), 2],
  ['spend.sum.by_year', ['Spend by year', 'Yearly revenue', 'Total sales per year'], [{}], 1],
  ['spend.sum.by_type', ['Spend by purchase type {period}', 'Online vs in store spend {period}', 'Revenue online versus in-store {period}'], P('', 'last month', 'in 2025'), 2],
  ['spend.sum.by_status', ['Total spend by connection status {period}', 'Revenue per connection status {period}'], P('', 'this year'), 2],
  ['spend.top_retailers', ['Top {n} retailers by spend {period}', 'Top {n} stores by revenue {period}', 'The {n} retailers with the highest sales {period}'], [{ n: '3', period: '' }, { n: '5', period: 'last month' }, { n: '2', period: 'in 2025' }, { n: '4', period: 'this year' }], 2],
  ['spend.top_retailers', ['Bottom {n} retailers by spend {period}', 'The {n} stores with the lowest revenue {period}'], [{ n: '3', period: '', order: 'asc' }, { n: '2', period: 'in 2025', order: 'asc' }], 2],
  ['spend.top_retailer', ['Which retailer had the highest spend {period}?', 'Which store brought in the most revenue {period}?', 'What retailer do shoppers spend the most at {period}?'], P('', 'last month', 'in 2025', 'this year'), 2],
  ['spend.avg', ['Average purchase total {period}', 'What is the average order value {period}?', 'Mean basket value {period}', 'AOV {period}'], P('', 'last month', 'in 2025', 'this year', 'in the last 30 days', 'last quarter'), 2],
  ['spend.avg', ['Average order value at {retailer} {period}', 'Average purchase amount at {retailer} {period}'], RP([['Target', ''], ['Costco', 'in 2025'], ['Amazon', 'last month'], ['Walgreens', 'this year']]), 2],
  ['spend.avg.by_retailer', ['Average order value by retailer {period}', 'Average purchase total per store {period}', 'Mean basket value for each retailer {period}'], P('', 'in 2025', 'last month'), 2],
  ['spend.avg.by_month', ['Average order value by month {period}', 'Monthly average purchase total {period}'], P('', 'in 2025', 'since January'), 2],
  ['spend.max', ['Largest purchase {period}', 'What was the biggest order {period}?', 'Maximum purchase total {period}'], P('', 'last month', 'in 2025', 'this year'), 2],
  ['spend.max', ['Largest purchase at {retailer} {period}', 'Biggest order at {retailer} {period}'], RP([['Target', ''], ['Walmart', 'in 2025'], ['Home Depot', 'last quarter']]), 2],
  ['spend.min', ['Smallest purchase {period}', 'What was the lowest order total {period}?', 'Minimum basket value {period}'], P('', 'last month', 'in 2025', 'this year'), 2],
  ['spend.min', ['Smallest purchase at {retailer} {period}'], RP([['CVS', ''], ['Kroger', 'in 2025']]), 2],

  ['component.sum', ['Total {field} {period}', 'How much {field} was paid {period}?', 'Sum of {field} {period}', 'What were the {field} {period}?'], [['shipping', ''], ['tax', 'last month'], ['fees', 'in 2025'], ['discounts', 'this year'], ['subtotal', ''], ['sales tax', 'last quarter'], ['shipping costs', 'in 2025'], ['service fees', ''], ['discount amount', 'last month'], ['delivery charges', 'this year'], ['taxes', ''], ['items subtotal', 'in 2025']].map(([field, period]) => ({ field, period })), 3],
  ['component.sum', ['Total {field} at {retailer} {period}', 'How much {field} did shoppers pay at {retailer} {period}?'], [['shipping', 'Target', ''], ['tax', 'Walmart', 'in 2025'], ['discounts', 'Amazon', ''], ['fees', 'Costco', 'this year']].map(([field, retailer, period]) => ({ field, retailer, period })), 2],
  ['component.sum', ['Total {field} on {type} orders {period}'], [{ field: 'shipping', type: 'online', period: '' }, { field: 'tax', type: 'in-store', period: 'in 2025' }], 2],
  ['component.avg', ['Average {field} per purchase {period}', 'Mean {field} per order {period}', 'What is the average {field} {period}?'], [['shipping', ''], ['tax', 'in 2025'], ['fees', ''], ['discounts', 'last month'], ['subtotal', 'this year'], ['taxes', '']].map(([field, period]) => ({ field, period })), 2],
  ['component.avg', ['Average {field} at {retailer}'], [['shipping', 'Amazon'], ['tax', 'Target']].map(([field, retailer]) => ({ field, retailer })), 2],
  ['component.max', ['Largest {field} on a purchase {period}', 'Highest {field} paid {period}', 'Maximum {field} {period}'], [['shipping', ''], ['tax', 'in 2025'], ['discounts', ''], ['fees', 'this year']].map(([field, period]) => ({ field, period })), 2],
  ['component.sum.by_retailer', ['{field} by retailer {period}', 'Total {field} per store {period}', 'How much {field} at each retailer {period}?'], [['shipping', ''], ['tax', 'in 2025'], ['discounts', 'last month'], ['fees', '']].map(([field, period]) => ({ field, period })), 2],
  ['component.sum.by_month', ['{field} by month {period}', 'Monthly {field} {period}', 'Total {field} each month {period}'], [['tax', 'in 2025'], ['shipping', 'since January'], ['discounts', ''], ['fees', 'in 2025']].map(([field, period]) => ({ field, period })), 2],
  ['component.sum.by_type', ['{field} by purchase type {period}', '{field} online vs in store {period}'], [['shipping', ''], ['tax', 'in 2025'], ['discounts', '']].map(([field, period]) => ({ field, period })), 2],

  ['lines.count', ['How many items were bought {period}?', 'Number of line items {period}', 'Count of item lines {period}'], P('', 'last month', 'in 2025', 'this year'), 2],
  ['lines.count', ['How many items were bought at {retailer} {period}?', 'Line items at {retailer} {period}'], RP([['Target', ''], ['Kroger', 'in 2025'], ['Amazon', 'last month']]), 2],
  ['lines.count.brand', ['How many {brand} items were bought {period}?', 'Number of {brand} line items {period}'], BP([['Acme', ''], ['Zenith', 'in 2025'], ['Contoso', 'last month'], ['Hooli', 'this year']]), 2],
  ['lines.unmatched', ['How many unmatched items {period}?', 'Number of items not matched to a product {period}'], P('', 'last month', 'in 2025'), 2],
  ['lines.avg_per_purchase', ['Average number of items per purchase {period}', 'Average basket size {period}', 'How many items per order on average {period}?'], P('', 'in 2025', 'last month'), 2],
  ['lines.avg_per_purchase', ['Average items per order at {retailer}'], RP([['Target', ''], ['Costco', '']]), 2],

  ['units.sum', ['How many units were sold {period}?', 'Total units {period}', 'Total quantity bought {period}', 'Units purchased {period}'], P('', 'last month', 'in 2025', 'this year', 'last quarter', 'in the last 30 days'), 2],
  ['units.sum', ['Units sold at {retailer} {period}', 'How many units did shoppers buy at {retailer} {period}?'], RP([['Target', ''], ['Walmart', 'in 2025'], ['Amazon', 'last month'], ['Safeway', 'this year']]), 2],
  ['units.sum.brand', ['How many units of {brand} were sold {period}?', 'Units of {brand} {period}', '{brand} units sold {period}', 'Total {brand} quantity {period}'], BP([['Acme', ''], ['Zenith', 'last month'], ['Northwind', 'in 2025'], ['Globex', 'this year'], ['Wonka', 'last quarter'], ['Summit', ''], ['Harbor', 'in 2025'], ['Evergreen', 'since January']]), 2],
  ['units.sum.brand', ['Units of {brand} sold at {retailer} {period}'], [['Acme', 'Target', ''], ['Zenith', 'Walmart', 'in 2025']].map(([brand, retailer, period]) => ({ brand, retailer, period })), 2],
  ['units.sum.product', ['How many units of {product} were sold {period}?', 'Units of {product} {period}', 'Quantity of {product} bought {period}'], [['Acme Dish Soap Regular', ''], ['Zenith Green Tea Regular', 'in 2025'], ['Northwind Toothpaste Regular', 'last month'], ['Contoso Coffee Beans Regular', 'this year'], ['Acme Dish Soap Family Size', '']].map(([product, period]) => ({ product, period })), 2],
  ['units.avg_per_purchase', ['Average units per purchase {period}', 'How many units per order on average {period}?', 'Average quantity per basket {period}'], P('', 'in 2025', 'last month'), 2],
  ['units.avg_per_line', ['Average quantity per item line {period}', 'Average units per line item {period}'], P('', 'in 2025'), 2],
  ['units.by_brand', ['Units sold by brand {period}', 'Units per brand {period}', 'How many units of each brand {period}?'], P('', 'last month', 'in 2025', 'this year'), 2],
  ['units.by_brand', ['Top {n} brands by units sold {period}', 'The {n} brands with the most units {period}'], [{ n: '3', period: '' }, { n: '5', period: 'in 2025' }, { n: '4', period: 'last month' }], 2],
  ['units.by_product', ['Top {n} products by units sold {period}', 'Top {n} products by quantity {period}', 'The {n} best-selling products {period}'], [{ n: '5', period: '' }, { n: '10', period: 'this year' }, { n: '3', period: 'last month' }, { n: '5', period: 'in 2025' }], 2],
  ['units.by_product', ['Top {n} {brand} products by units {period}'], [{ n: '3', brand: 'Acme', period: '' }, { n: '5', brand: 'Zenith', period: 'in 2025' }], 2],
  ['units.by_product', ['Bottom {n} products by units sold {period}', 'The {n} products with the fewest units sold {period}'], [{ n: '5', period: '', order: 'asc' }, { n: '3', period: 'in 2025', order: 'asc' }], 2],
  ['units.by_month', ['Units sold by month {period}', 'Monthly units {period}'], P('in 2025', 'since January', ''), 2],
  ['units.by_month', ['Monthly units of {brand} {period}', '{brand} units by month {period}'], BP([['Acme', 'in 2025'], ['Zenith', ''], ['Globex', 'since January']]), 2],
  ['units.by_retailer', ['Units sold by retailer {period}', 'Units per store {period}'], P('', 'in 2025', 'last month'), 2],
  ['units.by_retailer', ['{brand} units by retailer {period}', 'Units of {brand} per store {period}'], BP([['Acme', ''], ['Contoso', 'in 2025'], ['Initech', '']]), 2],
  ['units.top_brand', ['Which brand sold the most units {period}?', 'What was the top-selling brand by units {period}?'], P('', 'last month', 'in 2025'), 2],
  ['units.top_product', ['Which product sold the most units {period}?', 'What was the best-selling product {period}?'], P('', 'last month', 'in 2025'), 2],

  ['sales.sum.brand', ['Total sales of {brand} {period}', '{brand} revenue {period}', 'How much was spent on {brand} {period}?', 'Spend on {brand} {period}'], BP([['Acme', ''], ['Zenith', 'last month'], ['Northwind', 'in 2025'], ['Globex', 'this year'], ['Fabrikam', 'last quarter'], ['Monarch', '']]), 2],
  ['sales.sum.brand', ['Sales of {brand} at {retailer} {period}'], [['Acme', 'Target', ''], ['Zenith', 'Amazon', 'in 2025']].map(([brand, retailer, period]) => ({ brand, retailer, period })), 2],
  ['sales.sum.product', ['Total sales of {product} {period}', 'Revenue from {product} {period}', 'How much was spent on {product} {period}?'], [['Acme Dish Soap Regular', ''], ['Zenith Green Tea Regular', 'in 2025'], ['Northwind Toothpaste Regular', 'last month'], ['Globex Cereal Regular', '']].map(([product, period]) => ({ product, period })), 2],
  ['sales.by_brand', ['Sales by brand {period}', 'Revenue per brand {period}', 'How much was spent on each brand {period}?'], P('', 'last month', 'in 2025', 'this year'), 2],
  ['sales.by_brand', ['Top {n} brands by revenue {period}', 'Top {n} brands by sales {period}'], [{ n: '3', period: '' }, { n: '5', period: 'in 2025' }, { n: '4', period: 'last month' }], 2],
  ['sales.by_product', ['Top {n} products by revenue {period}', 'Top {n} products by sales {period}'], [{ n: '5', period: '' }, { n: '10', period: 'this year' }, { n: '3', period: 'last month' }], 2],
  ['sales.by_product', ['Sales by product for {brand} {period}', 'Revenue per {brand} product {period}'], BP([['Acme', ''], ['Zenith', 'in 2025'], ['Oceanic', 'last month']]), 2],
  ['sales.by_retailer.brand', ['{brand} sales by retailer {period}', 'Revenue of {brand} per store {period}'], BP([['Acme', ''], ['Zenith', 'in 2025'], ['Hooli', 'last month']]), 2],
  ['sales.by_month.brand', ['Monthly sales of {brand} {period}', '{brand} revenue by month {period}'], BP([['Acme', 'in 2025'], ['Zenith', 'since January'], ['Vandelay', '']]), 2],

  ['price.avg', ['Average item price {period}', 'Average unit price {period}', 'Mean price per item {period}'], P('', 'in 2025', 'last month'), 2],
  ['price.avg', ['Average price of {brand} items {period}', 'Average unit price for {brand} {period}'], BP([['Acme', ''], ['Zenith', 'in 2025'], ['Cascade', '']]), 2],
  ['price.avg', ['Average item price at {retailer}'], RP([['Target', ''], ['Walmart', ''], ['Costco', '']]), 2],
  ['price.max', ['Highest item price {period}', 'Most expensive item price {period}', 'Maximum unit price {period}'], P('', 'in 2025', 'last month'), 2],
  ['price.max', ['Highest unit price for {brand}'], BP([['Acme', ''], ['Zenith', '']]), 2],
  ['price.min', ['Lowest item price {period}', 'Cheapest unit price {period}'], P('', 'in 2025'), 2],

  ['products.distinct', ['How many distinct products were bought {period}?', 'Number of unique products sold {period}', 'How many different products {period}?'], P('', 'last month', 'in 2025', 'this year'), 2],
  ['products.distinct', ['How many distinct products were sold at {retailer} {period}?'], RP([['Target', ''], ['Amazon', 'this year'], ['Kroger', 'in 2025']]), 2],
  ['products.distinct', ['How many distinct {brand} products were bought {period}?'], BP([['Acme', ''], ['Zenith', 'in 2025']]), 2],
  ['brands.distinct', ['How many brands {period}?', 'Number of distinct brands bought {period}', 'How many different brands were purchased {period}?'], P('', 'last month', 'in 2025'), 2],
  ['retailers.distinct', ['How many retailers had purchases {period}?', 'Number of distinct stores with orders {period}'], P('', 'last month', 'yesterday'), 2],
  ['purchases.with_brand', ['How many purchases included {brand} {period}?', 'Number of orders containing {brand} {period}', 'How many baskets had {brand} products {period}?'], BP([['Acme', ''], ['Zenith', 'last month'], ['Northwind', 'in 2025'], ['Globex', 'this year']]), 2],
  ['purchases.with_product', ['How many purchases included {product} {period}?', 'Number of orders containing {product} {period}'], [['Acme Dish Soap Regular', ''], ['Zenith Green Tea Regular', 'in 2025'], ['Northwind Toothpaste Regular', '']].map(([product, period]) => ({ product, period })), 2],

  ['customers.count', ['How many customers?', 'Number of distinct shoppers', 'How many unique customers are there?'], [{}], 1],
  ['customers.count', ['How many customers at {retailer}?', 'Number of shoppers linked to {retailer}'], RP([['Target', ''], ['Walmart', ''], ['Amazon', '']]), 2],
  ['customers.purchasing', ['How many shoppers made a purchase {period}?', 'How many customers bought something {period}?', 'Number of distinct customers who purchased {period}'], P('last month', 'in 2025', 'this year', 'in the last 30 days'), 2],
  ['customers.purchasing', ['How many shoppers bought at {retailer} {period}?', 'Distinct customers purchasing at {retailer} {period}'], RP([['Target', ''], ['Costco', 'in 2025'], ['Amazon', 'last month']]), 2],
  ['customers.brand', ['How many shoppers bought {brand} {period}?', 'Number of customers who purchased {brand} {period}', 'How many distinct customers bought {brand} products {period}?'], BP([['Acme', ''], ['Zenith', 'in 2025'], ['Northwind', 'last month'], ['Globex', '']]), 2],
  ['customers.top_spend', ['Top {n} shoppers by spend {period}', 'Top {n} customers by revenue {period}', 'The {n} customers who spent the most {period}', 'Who are the top {n} spenders {period}?'], [{ n: '5', period: '' }, { n: '10', period: 'this year' }, { n: '3', period: 'last month' }, { n: '5', period: 'in 2025' }], 2],
  ['customers.top_spender', ['Which shopper spent the most {period}?', 'Which customer spent the most {period}?', 'Who is the biggest spender {period}?'], P('', 'in 2025', 'last month'), 2],
  ['customers.top_orders', ['Top {n} shoppers by number of purchases {period}', 'Top {n} customers by order count {period}', 'The {n} customers with the most orders {period}'], [{ n: '5', period: '' }, { n: '3', period: 'in 2025' }, { n: '10', period: 'this year' }], 2],
  ['customers.top_units', ['Top {n} shoppers by units bought {period}', 'Top {n} customers by quantity purchased {period}'], [{ n: '5', period: '' }, { n: '3', period: 'in 2025' }], 2],
  ['customers.top_units', ['Top {n} shoppers by units of {brand}', 'The {n} customers who bought the most {brand} units'], [{ n: '5', brand: 'Acme' }, { n: '3', brand: 'Zenith' }], 2],
  ['customers.avg_spend', ['Average spend per shopper {period}', 'Average spend per customer {period}', 'How much does a customer spend on average {period}?'], P('', 'in 2025', 'last month'), 2],
  ['customers.avg_orders', ['Average number of purchases per shopper {period}', 'Average orders per customer {period}'], P('', 'in 2025', 'this year'), 2],
  ['customers.by_retailer', ['Customers by retailer', 'How many shoppers per store?', 'Number of distinct customers for each retailer'], [{}], 1],
  ['spend.customer', ['How much did customer {customer} spend {period}?', 'Total spend of shopper {customer} {period}'], [{ customer: 'team_1_cust_10', period: '' }, { customer: 'team_1_cust_42', period: 'in 2025' }, { customer: 'team_1_cust_7', period: '' }], 2],
  ['purchases.count.customer', ['How many purchases did customer {customer} make {period}?', 'Number of orders by shopper {customer} {period}'], [{ customer: 'team_1_cust_10', period: '' }, { customer: 'team_1_cust_42', period: 'this year' }], 2],

  ['connections.count', ['How many connections?', 'Number of linked accounts', 'How many retailer accounts are connected?'], [{}], 1],
  ['connections.count', ['How many {status} connections?', 'Number of {status} accounts', 'How many connections are {status}?'], [{ status: 'active' }, { status: 'disconnected' }, { status: 'unauthenticated' }, { status: 'initialized' }], 2],
  ['connections.count', ['How many connections at {retailer}?', 'Number of {retailer} accounts linked'], RP([['Target', ''], ['Walmart', ''], ['Best Buy', ''], ['CVS', '']]), 2],
  ['connections.count', ['How many {status} connections at {retailer}?'], [{ status: 'active', retailer: 'Target' }, { status: 'disconnected', retailer: 'Amazon' }, { status: 'unauthenticated', retailer: 'Walmart' }], 3],
  ['connections.by_status', ['Connections by status', 'How many connections in each status?', 'Number of accounts per connection status'], [{}], 1],
  ['connections.by_retailer', ['Connections by retailer', 'How many accounts per store?', 'Linked accounts for each retailer'], [{}], 1],
  ['connections.by_retailer', ['{status} connections by retailer', 'How many {status} accounts per retailer?'], [{ status: 'active' }, { status: 'disconnected' }, { status: 'unauthenticated' }], 2],
  ['connections.new', ['How many new connections {period}?', 'Connections created {period}', 'How many accounts were linked {period}?'], P('last month', 'in 2025', 'this year', 'in the last 30 days'), 2],
  ['connections.simulated', ['How many simulated connections?', 'Number of simulated accounts'], [{}], 1],

  ['compare.spend', ['Compare total spend in {p1} and {p2}', 'Spend {p1} vs {p2}', 'Revenue {p1} compared to {p2}'], [['in March 2026', 'in February 2026'], ['this year', 'last year'], ['in Q1 2026', 'in Q4 2025'], ['last month', 'in December 2025']].map(([p1, p2]) => ({ p1, p2 })), 2],
  ['compare.spend', ['Compare spend at {retailer} in {p1} and {p2}'], [{ retailer: 'Target', p1: '2025', p2: '2024' }, { retailer: 'Walmart', p1: 'March 2026', p2: 'February 2026' }], 2],
  ['compare.count', ['Compare the number of purchases in {p1} and {p2}', 'Orders {p1} versus {p2}', 'How many purchases {p1} vs {p2}?'], [['in March 2026', 'in February 2026'], ['this month', 'last month'], ['in 2025', 'before 2025']].map(([p1, p2]) => ({ p1, p2 })), 2],
  ['compare.avg', ['Compare average order value in {p1} and {p2}', 'Average purchase total {p1} vs {p2}'], [['in 2025', 'this year'], ['in March 2026', 'in February 2026']].map(([p1, p2]) => ({ p1, p2 })), 2],
  ['compare.units', ['Compare units sold {p1} and {p2}', 'Units {p1} vs {p2}'], [['in March 2026', 'in February 2026'], ['this year', 'last year']].map(([p1, p2]) => ({ p1, p2 })), 2],
  ['compare.units', ['{brand} units {p1} vs {p2}', 'Compare {brand} units sold in {p1} and {p2}'], [{ brand: 'Acme', p1: 'March 2026', p2: 'February 2026' }, { brand: 'Zenith', p1: '2025', p2: '2024' }], 2],
  ['compare.sales', ['Compare {brand} sales {p1} and {p2}', '{brand} revenue {p1} vs {p2}'], [{ brand: 'Acme', p1: 'in March 2026', p2: 'in February 2026' }, { brand: 'Globex', p1: 'this year', p2: 'last year' }], 2],
  ['compare.component', ['Compare {field} in {p1} and {p2}', '{field} {p1} vs {p2}'], [{ field: 'shipping', p1: 'March 2026', p2: 'February 2026' }, { field: 'tax', p1: '2025', p2: '2024' }, { field: 'discounts', p1: 'March 2026', p2: 'February 2026' }], 2],

  ['refused', ['{q}'], ['What is the meaning of life', 'Tell me a joke', 'Which competitor is cheapest', 'Send an email to our customers', 'What is our profit'].map((q) => ({ q })), 1],
]; // prettier-ignore

// Years alone for "in {p1} and {p2}" and "at Target in 2025 and 2024".
PERIODS['2025'] = Y2025;
PERIODS['2024'] = { from: '2024-01-01', to: '2025-01-01' };
PERIODS['March 2026'] = MAR_2026;
PERIODS['February 2026'] = FEB_2026;

/** The tuned corpus: [question, intent, arguments]. */
export function tunedCorpus() {
  const corpus = [];
  for (const [intent, phrasings, values, perPhrasing] of TEMPLATES) {
    phrasings.forEach((phrasing, index) => {
      for (let k = 0; k < perPhrasing; k += 1) {
        const words = values[(index * perPhrasing + k) % values.length];
        const { order, simulated, ...slots } = words;
        const args = argsOf(
          Object.fromEntries(Object.entries(slots).filter(([slot]) => slot !== 'q' && slot !== 'amount')),
        );
        if (words.amount) {
          args.amount = Number(words.amount);
          args.op = /at least/.test(phrasing) ? '>=' : /over|above/.test(phrasing) ? '>' : '<';
        }
        if (order) args.order = order;
        if (simulated !== undefined) args.simulated = simulated;
        corpus.push([fill(phrasing, slots), intent, args]);
      }
    });
  }
  return corpus;
}
