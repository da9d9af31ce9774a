// The held-out part of the `ask` accuracy corpus (bench/mcp/accuracy.mjs): questions written the way a brand's
// analyst would ask them, before the question understanding they test was changed, and never edited to fit it.
// Each is [question, intent, arguments]; the intent's hand-written reference SQL (accuracy-intents.mjs) with these
// arguments is the right answer. Relative dates are read against NOW (a Wednesday); periods are half-open UTC
// ranges, a plain date meaning its midnight.

export const NOW = new Date('2026-04-15T12:00:00.000Z');
const DAY = 86_400_000;
const daysAgo = (days) => new Date(NOW.getTime() - days * DAY).toISOString();
const monthsAgo = (months) => {
  const date = new Date(NOW.getTime());
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString();
};

const Y2024 = { from: '2024-01-01', to: '2025-01-01' };
const Y2025 = { from: '2025-01-01', to: '2026-01-01' };
const Y2026 = { from: '2026-01-01', to: '2027-01-01' };
const YTD = { from: '2026-01-01' };
const Q4_2025 = { from: '2025-10-01', to: '2026-01-01' };
const Q1_2026 = { from: '2026-01-01', to: '2026-04-01' };
const DEC_2025 = { from: '2025-12-01', to: '2026-01-01' };
const JAN_2026 = { from: '2026-01-01', to: '2026-02-01' };
const FEB_2026 = { from: '2026-02-01', to: '2026-03-01' };
const MAR_2025 = { from: '2025-03-01', to: '2025-04-01' };
const MAR_2026 = { from: '2026-03-01', to: '2026-04-01' };
const APR_2026 = { from: '2026-04-01', to: '2026-05-01' };

export const HELD_OUT = [
  ['How many orders did we get last month?', 'purchases.count', { period: MAR_2026 }],
  ["What's the number of transactions at Costco in 2025?", 'purchases.count', { retailer: 'costco', period: Y2025 }],
  ['Count of online orders year to date', 'purchases.count', { type: 'online', period: YTD }],
  ['how many baskets were checked out in the past 7 days', 'purchases.count', { period: { from: daysAgo(7) } }],
  ['Number of in-store purchases at Kroger', 'purchases.count', { retailer: 'kroger', type: 'in_store' }],
  ['Total number of purchases between January 1 and January 31, 2026', 'purchases.count', { period: JAN_2026 }],
  ['How many receipts did we collect in Q1 2026?', 'purchases.count', { period: Q1_2026 }],

  ['Break down order count by store for last quarter', 'purchases.count.by_retailer', { period: Q1_2026 }],
  ['Number of purchases per retailer in 2025', 'purchases.count.by_retailer', { period: Y2025 }],
  ['Which retailers generate the most orders?', 'purchases.count.by_retailer', {}],

  ['Monthly order volume for 2025', 'purchases.count.by_month', { period: Y2025 }],
  ['How many purchases did we see each month since October 2025?', 'purchases.count.by_month', { period: { from: '2025-10-01' } }],
  ['Show me the purchase count month by month this year', 'purchases.count.by_month', { period: Y2026 }],

  ['Weekly purchase counts over the last 8 weeks', 'purchases.count.by_week', { period: { from: daysAgo(56) } }],
  ['Number of orders per week in March 2026', 'purchases.count.by_week', { period: MAR_2026 }],

  ['Daily order count for the past week', 'purchases.count.by_day', { period: { from: daysAgo(7) } }],
  ['How many purchases per day between April 1 and April 10, 2026', 'purchases.count.by_day', { period: { from: '2026-04-01', to: '2026-04-11' } }],

  ['Yearly number of orders', 'purchases.count.by_year', {}],
  ['How do order counts compare year over year?', 'purchases.count.by_year', {}],

  ['Split of online versus in-store orders last month', 'purchases.count.by_type', { period: MAR_2026 }],
  ['How many purchases were made online and how many in store in 2025?', 'purchases.count.by_type', { period: Y2025 }],

  ['How many orders were above $100?', 'purchases.count.amount', { op: '>', amount: 100 }],
  ['Number of baskets under 25 dollars last month', 'purchases.count.amount', { op: '<', amount: 25, period: MAR_2026 }],
  ['Count purchases of at least $75 at Target', 'purchases.count.amount', { op: '>=', amount: 75, retailer: 'target' }],

  ['How many simulated purchases do we have?', 'purchases.count.simulated', { simulated: true }],
  ['Number of purchases excluding simulated data', 'purchases.count.simulated', { simulated: false }],

  ['Orders broken down by connection status', 'purchases.count.by_status', {}],

  ['What was our total revenue last year?', 'spend.sum', { period: Y2025 }],
  ['How much did shoppers spend at Walmart in February 2026?', 'spend.sum', { retailer: 'walmart', period: FEB_2026 }],
  ['Total sales for online orders this year', 'spend.sum', { type: 'online', period: Y2026 }],
  ['Gross spend in the last 90 days', 'spend.sum', { period: { from: daysAgo(90) } }],
  ['How much money was spent at Best Buy?', 'spend.sum', { retailer: 'bestbuy' }],
  ['Sum of order totals for December 2025', 'spend.sum', { period: DEC_2025 }],

  ['Revenue by store for 2025', 'spend.sum.by_retailer', { period: Y2025 }],
  ['How much was spent at each retailer last month?', 'spend.sum.by_retailer', { period: MAR_2026 }],
  ['Total spend per merchant year to date', 'spend.sum.by_retailer', { period: YTD }],

  ['Monthly revenue trend over the last 6 months', 'spend.sum.by_month', { period: { from: monthsAgo(6) } }],
  ['Spend per month at Target in 2025', 'spend.sum.by_month', { retailer: 'target', period: Y2025 }],
  ['What did monthly GMV look like in 2026?', 'spend.sum.by_month', { period: Y2026 }],

  ['Annual spend', 'spend.sum.by_year', {}],
  ['Revenue for each year', 'spend.sum.by_year', {}],

  ['Online vs in-store revenue this year', 'spend.sum.by_type', { period: Y2026 }],
  ['How much was spent in store versus online in 2025?', 'spend.sum.by_type', { period: Y2025 }],

  ['Top 3 stores by revenue in 2025', 'spend.top_retailers', { n: 3, period: Y2025 }],
  ['Give me the five retailers with the highest spend last quarter', 'spend.top_retailers', { n: 5, period: Q1_2026 }],
  ['Bottom 2 retailers by sales this year', 'spend.top_retailers', { n: 2, period: Y2026, order: 'asc' }],

  ['Which retailer brought in the most revenue last month?', 'spend.top_retailer', { period: MAR_2026 }],
  ['Where do our shoppers spend the most money?', 'spend.top_retailer', {}],

  ['What is the average order value?', 'spend.avg', {}],
  ['Average basket value at Amazon last month', 'spend.avg', { retailer: 'amazon', period: MAR_2026 }],
  ['Mean purchase amount for in-store orders in 2025', 'spend.avg', { type: 'in_store', period: Y2025 }],
  ['AOV year to date', 'spend.avg', { period: YTD }],

  ['Average order value by retailer', 'spend.avg.by_retailer', {}],
  ["What's the average ticket at each store in 2025?", 'spend.avg.by_retailer', { period: Y2025 }],

  ['Average order value per month over the past year', 'spend.avg.by_month', { period: { from: monthsAgo(12) } }],
  ['AOV trend by month for Walmart', 'spend.avg.by_month', { retailer: 'walmart' }],

  ["What's the largest single purchase we've recorded?", 'spend.max', {}],
  ['Biggest order at Home Depot in 2025', 'spend.max', { retailer: 'homedepot', period: Y2025 }],

  ['Smallest purchase amount last month', 'spend.min', { period: MAR_2026 }],
  ['What was the lowest order total at CVS?', 'spend.min', { retailer: 'cvs' }],

  ['How much was paid in shipping last month?', 'component.sum', { field: 'shipping', period: MAR_2026 }],
  ['Total tax collected in 2025', 'component.sum', { field: 'tax', period: Y2025 }],
  ['Sum of fees charged this year', 'component.sum', { field: 'fees', period: Y2026 }],
  ['How much did shoppers save through discounts at Target?', 'component.sum', { field: 'discounts', retailer: 'target' }],
  ['What were total shipping costs for online orders?', 'component.sum', { field: 'shipping', type: 'online' }],
  ['Subtotal before tax and shipping in Q1 2026', 'component.sum', { field: 'items_subtotal', period: Q1_2026 }],
  ['How much sales tax did customers pay at Costco last quarter?', 'component.sum', { field: 'tax', retailer: 'costco', period: Q1_2026 }],
  ['Total discount amount in March 2026', 'component.sum', { field: 'discounts', period: MAR_2026 }],

  ['Average shipping charge per order', 'component.avg', { field: 'shipping' }],
  ['What is the mean tax per purchase at Walmart?', 'component.avg', { field: 'tax', retailer: 'walmart' }],
  ['Average discount per basket last year', 'component.avg', { field: 'discounts', period: Y2025 }],
  ['Average fees per order in 2026', 'component.avg', { field: 'fees', period: Y2026 }],

  ['Highest shipping fee paid on a single order', 'component.max', { field: 'shipping' }],
  ['Largest discount applied to a purchase', 'component.max', { field: 'discounts' }],

  ['Shipping revenue by retailer', 'component.sum.by_retailer', { field: 'shipping' }],
  ['Tax paid per store in 2025', 'component.sum.by_retailer', { field: 'tax', period: Y2025 }],
  ['Discounts by retailer last month', 'component.sum.by_retailer', { field: 'discounts', period: MAR_2026 }],

  ['Monthly tax totals for 2025', 'component.sum.by_month', { field: 'tax', period: Y2025 }],
  ['How much shipping did we see each month this year?', 'component.sum.by_month', { field: 'shipping', period: Y2026 }],

  ['Fees split by online and in-store', 'component.sum.by_type', { field: 'fees' }],

  ['How many line items were purchased last month?', 'lines.count', { period: MAR_2026 }],
  ['Total number of item lines at Safeway', 'lines.count', { retailer: 'safeway' }],

  ['Average number of line items per order', 'lines.avg_per_purchase', {}],
  ['How many items does a typical basket contain at Kroger?', 'lines.avg_per_purchase', { retailer: 'kroger' }],

  ['How many units were sold last month?', 'units.sum', { period: MAR_2026 }],
  ['Total quantity purchased in 2025', 'units.sum', { period: Y2025 }],
  ['Units bought at Amazon this year', 'units.sum', { retailer: 'amazon', period: Y2026 }],

  ['How many units of Acme did we sell last quarter?', 'units.sum.brand', { brand: 'Acme', period: Q1_2026 }],
  ['Total Zenith quantity sold in 2025', 'units.sum.brand', { brand: 'Zenith', period: Y2025 }],
  ['How many Northwind units were bought at Target?', 'units.sum.brand', { brand: 'Northwind', retailer: 'target' }],
  ['Units sold for Globex since January', 'units.sum.brand', { brand: 'Globex', period: { from: '2026-01-01' } }],

  ['How many units of Acme Dish Soap Regular were sold?', 'units.sum.product', { product: 'Acme Dish Soap Regular' }],
  ['Quantity of Zenith Green Tea Regular purchased last month', 'units.sum.product', { product: 'Zenith Green Tea Regular', period: MAR_2026 }],

  ['Average units per basket', 'units.avg_per_purchase', {}],
  ['On average how many units are in each order this year?', 'units.avg_per_purchase', { period: Y2026 }],

  ['Units sold by brand in March 2026', 'units.by_brand', { period: MAR_2026 }],
  ['Top 5 brands by unit volume this year', 'units.by_brand', { n: 5, period: Y2026 }],
  ['Which 3 brands moved the most units last year?', 'units.by_brand', { n: 3, period: Y2025 }],

  ['Top 10 products by units sold', 'units.by_product', { n: 10 }],
  ['Best sellers by quantity last quarter', 'units.by_product', { period: Q1_2026 }],
  ['Top 5 Acme products by units in 2025', 'units.by_product', { n: 5, brand: 'Acme', period: Y2025 }],

  ['Monthly units sold for Contoso', 'units.by_month', { brand: 'Contoso' }],
  ['Units per month in 2025', 'units.by_month', { period: Y2025 }],

  ['Units sold by retailer for Fabrikam', 'units.by_retailer', { brand: 'Fabrikam' }],
  ['Which stores sell the most units?', 'units.by_retailer', {}],

  ['Bottom 5 products by units sold this year', 'units.by_product', { n: 5, period: Y2026, order: 'asc' }],
  ['What are the 3 least popular products by quantity?', 'units.by_product', { n: 3, order: 'asc' }],

  ['Which brand sold the most units last month?', 'units.top_brand', { period: MAR_2026 }],
  ['What was our best-selling brand in 2025?', 'units.top_brand', { period: Y2025 }],

  ['Revenue from Acme products last month', 'sales.sum.brand', { brand: 'Acme', period: MAR_2026 }],
  ['How much did shoppers spend on Zenith in 2025?', 'sales.sum.brand', { brand: 'Zenith', period: Y2025 }],
  ['Total sales of Hooli at Walmart', 'sales.sum.brand', { brand: 'Hooli', retailer: 'walmart' }],

  ['Sales of Acme Shampoo Regular this year', 'sales.sum.product', { product: 'Acme Shampoo Regular', period: Y2026 }],
  ['How much revenue did Zenith Green Tea Regular generate?', 'sales.sum.product', { product: 'Zenith Green Tea Regular' }],

  ['Revenue by brand for 2025', 'sales.by_brand', { period: Y2025 }],
  ['Top 4 brands by sales last quarter', 'sales.by_brand', { n: 4, period: Q1_2026 }],
  ['Which brands generate the most revenue?', 'sales.by_brand', {}],

  ['Top 5 products by revenue this year', 'sales.by_product', { n: 5, period: Y2026 }],
  ['Sales per product for Initech in March 2026', 'sales.by_product', { brand: 'Initech', period: MAR_2026 }],

  ['Acme revenue by retailer', 'sales.by_retailer.brand', { brand: 'Acme' }],
  ['Umbrella sales by store in 2025', 'sales.by_retailer.brand', { brand: 'Umbrella', period: Y2025 }],

  ['Monthly Vandelay sales since October 2025', 'sales.by_month.brand', { brand: 'Vandelay', period: { from: '2025-10-01' } }],
  ['How did Wonka revenue trend month over month in 2025?', 'sales.by_month.brand', { brand: 'Wonka', period: Y2025 }],

  ['Average unit price of Acme items', 'price.avg', { brand: 'Acme' }],
  ["What's the average selling price for Zenith Green Tea Regular?", 'price.avg', { product: 'Zenith Green Tea Regular' }],
  ['Mean item price at Costco', 'price.avg', { retailer: 'costco' }],

  ['Highest unit price paid for a Globex item', 'price.max', { brand: 'Globex' }],

  ['How many different products were purchased last month?', 'products.distinct', { period: MAR_2026 }],
  ['Number of unique Acme products sold in 2025', 'products.distinct', { brand: 'Acme', period: Y2025 }],
  ['How many distinct SKUs of ours were bought at Target?', 'products.distinct', { retailer: 'target' }],

  ['How many brands appeared in purchases this year?', 'brands.distinct', { period: Y2026 }],

  ['How many orders contained Acme products last month?', 'purchases.with_brand', { brand: 'Acme', period: MAR_2026 }],
  ['Number of baskets that included Zenith', 'purchases.with_brand', { brand: 'Zenith' }],

  ['How many purchases included Acme Dish Soap Regular?', 'purchases.with_product', { product: 'Acme Dish Soap Regular' }],

  ['How many Acme line items were there in 2025?', 'lines.count.brand', { brand: 'Acme', period: Y2025 }],

  ['How many items were not matched to one of our products last month?', 'lines.unmatched', { period: MAR_2026 }],
  ['Count of unmatched line items', 'lines.unmatched', {}],

  ['How many customers do we have?', 'customers.count', {}],
  ['Number of unique shoppers who linked an account', 'customers.count', {}],

  ['How many shoppers made a purchase last month?', 'customers.purchasing', { period: MAR_2026 }],
  ['Distinct customers who bought at Walmart in 2025', 'customers.purchasing', { retailer: 'walmart', period: Y2025 }],
  ['How many unique buyers did we have this year?', 'customers.purchasing', { period: Y2026 }],

  ['How many shoppers bought Acme?', 'customers.brand', { brand: 'Acme' }],
  ['Number of distinct customers purchasing Zenith last quarter', 'customers.brand', { brand: 'Zenith', period: Q1_2026 }],

  ['Top 5 shoppers by spend', 'customers.top_spend', { n: 5 }],
  ['Who are our 10 biggest spenders this year?', 'customers.top_spend', { n: 10, period: Y2026 }],
  ['List the top 3 customers by revenue in 2025', 'customers.top_spend', { n: 3, period: Y2025 }],

  ['Which shopper spent the most?', 'customers.top_spender', {}],
  ['Who was the highest-spending customer last month?', 'customers.top_spender', { period: MAR_2026 }],

  ['Top 5 customers by number of orders', 'customers.top_orders', { n: 5 }],
  ['Which 3 shoppers placed the most purchases in 2025?', 'customers.top_orders', { n: 3, period: Y2025 }],

  ['Top 5 shoppers by units of Acme bought', 'customers.top_units', { n: 5, brand: 'Acme' }],
  ['Which 3 customers bought the most units this year?', 'customers.top_units', { n: 3, period: Y2026 }],

  ['Average spend per shopper', 'customers.avg_spend', {}],
  ['How much does the average customer spend at Target?', 'customers.avg_spend', { retailer: 'target' }],

  ['Average number of orders per customer in 2025', 'customers.avg_orders', { period: Y2025 }],
  ['How many purchases does a shopper make on average?', 'customers.avg_orders', {}],

  ['Number of customers per retailer', 'customers.by_retailer', {}],

  ['How many linked accounts are active?', 'connections.count', { status: 'active' }],
  ['Total number of connections at Amazon', 'connections.count', { retailer: 'amazon' }],
  ['How many connections are currently disconnected?', 'connections.count', { status: 'disconnected' }],
  ['How many accounts need re-authentication?', 'connections.count', { status: 'unauthenticated' }],

  ['Connection status breakdown', 'connections.by_status', {}],
  ['How many connections are in each state?', 'connections.by_status', {}],

  ['Active connections per retailer', 'connections.by_retailer', { status: 'active' }],
  ['Which retailers have the most linked accounts?', 'connections.by_retailer', {}],

  ['How many new connections were made last month?', 'connections.new', { period: MAR_2026 }],
  ['Accounts linked in 2025', 'connections.new', { period: Y2025 }],

  ['How many simulated connections are there?', 'connections.simulated', {}],

  ['Compare revenue in March 2026 with February 2026', 'compare.spend', { periods: [MAR_2026, FEB_2026] }],
  ['How did spend last month compare to the month before?', 'compare.spend', { periods: [MAR_2026, FEB_2026] }],
  ['Spend at Target: 2025 vs 2024', 'compare.spend', { retailer: 'target', periods: [Y2025, Y2024] }],

  ['Orders this month versus last month', 'compare.count', { periods: [APR_2026, MAR_2026] }],
  ['Compare the number of purchases in Q1 2026 and Q4 2025', 'compare.count', { periods: [Q1_2026, Q4_2025] }],

  ['Acme units sold in March 2026 vs March 2025', 'compare.units', { brand: 'Acme', periods: [MAR_2026, MAR_2025] }],
  ['Compare units sold this year with last year', 'compare.units', { periods: [Y2026, Y2025] }],

  ['Compare shipping costs in January 2026 and December 2025', 'compare.component', { field: 'shipping', periods: [JAN_2026, DEC_2025] }],
  ['Tax in 2025 versus 2024', 'compare.component', { field: 'tax', periods: [Y2025, Y2024] }],

  ['How many different stores did our shoppers buy from last month?', 'retailers.distinct', { period: MAR_2026 }],

  ['What is the profit margin on Acme?', 'refused', {}],
  ['Predict next quarter revenue', 'refused', {}],
  ["What's the weather like in Minneapolis?", 'refused', {}],
  ['Which shoppers churned?', 'refused', {}],
]; // prettier-ignore
