// A second held-out part of the `ask` accuracy corpus (bench/mcp/accuracy.mjs), written after the question
// understanding was changed and committed before it was ever run: the blind figure. Same form and conventions as
// accuracy-held-out.mjs; not to be edited to fit the translator.
import { NOW } from './accuracy-held-out.mjs';

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
const Q2_2025 = { from: '2025-04-01', to: '2025-07-01' };
const Q3_2025 = { from: '2025-07-01', to: '2025-10-01' };
const Q4_2025 = { from: '2025-10-01', to: '2026-01-01' };
const Q1_2026 = { from: '2026-01-01', to: '2026-04-01' };
const H2_2025 = { from: '2025-07-01', to: '2026-01-01' };
const NOV_2025 = { from: '2025-11-01', to: '2025-12-01' };
const DEC_2025 = { from: '2025-12-01', to: '2026-01-01' };
const JAN_2026 = { from: '2026-01-01', to: '2026-02-01' };
const FEB_2026 = { from: '2026-02-01', to: '2026-03-01' };
const MAR_2026 = { from: '2026-03-01', to: '2026-04-01' };
const APR_2026 = { from: '2026-04-01', to: '2026-05-01' };
const LAST_WEEK = { from: '2026-04-06', to: '2026-04-13' };

export const HELD_OUT_2 = [
  ['What was the order count in November 2025?', 'purchases.count', { period: NOV_2025 }],
  ['How many transactions did Walgreens shoppers make last year?', 'purchases.count', { retailer: 'walgreens', period: Y2025 }],
  ['Orders placed online in Q3 2025', 'purchases.count', { type: 'online', period: Q3_2025 }],
  ['How many purchases came in last week?', 'purchases.count', { period: LAST_WEEK }],
  ['Total orders in the second half of 2025', 'purchases.count', { period: H2_2025 }],
  ['Purchase count at Safeway since December 1, 2025', 'purchases.count', { retailer: 'safeway', period: { from: '2025-12-01' } }],

  ['Orders by retailer for Q4 2025', 'purchases.count.by_retailer', { period: Q4_2025 }],
  ['Which store had the most transactions last month?', 'purchases.count.by_retailer', { period: MAR_2026, n: 1 }],
  ['Order counts by month for the last 12 months', 'purchases.count.by_month', { period: { from: monthsAgo(12) } }],
  ['Weekly orders since March 1, 2026', 'purchases.count.by_week', { period: { from: '2026-03-01' } }],
  ['Purchases per day last week', 'purchases.count.by_day', { period: LAST_WEEK }],
  ['Count of orders per year', 'purchases.count.by_year', {}],
  ['Online versus in-store order split in Q1 2026', 'purchases.count.by_type', { period: Q1_2026 }],
  ['How many orders over $150 were there in 2025?', 'purchases.count.amount', { op: '>', amount: 150, period: Y2025 }],
  ['Number of purchases below $10', 'purchases.count.amount', { op: '<', amount: 10 }],
  ['How many orders came from simulated connections?', 'purchases.count.simulated', { simulated: true }],
  ['Purchase count by status of the connection in 2025', 'purchases.count.by_status', { period: Y2025 }],

  ['Total revenue in Q2 2025', 'spend.sum', { period: Q2_2025 }],
  ['What did shoppers spend at Home Depot last quarter?', 'spend.sum', { retailer: 'homedepot', period: Q1_2026 }],
  ['How much was spent in-store in January 2026?', 'spend.sum', { type: 'in_store', period: JAN_2026 }],
  ['Spend over the past 30 days', 'spend.sum', { period: { from: daysAgo(30) } }],
  ['Total dollars spent at Kroger', 'spend.sum', { retailer: 'kroger' }],
  ['Revenue by retailer last quarter', 'spend.sum.by_retailer', { period: Q1_2026 }],
  ['Break down spend by store for November 2025', 'spend.sum.by_retailer', { period: NOV_2025 }],
  ['Monthly spend trend in 2025', 'spend.sum.by_month', { period: Y2025 }],
  ['Walmart sales by month since January', 'spend.sum.by_month', { retailer: 'walmart', period: { from: '2026-01-01' } }],
  ['Total spend per year', 'spend.sum.by_year', {}],
  ['Spend split between online and in-store last year', 'spend.sum.by_type', { period: Y2025 }],
  ['Top 4 retailers by revenue last year', 'spend.top_retailers', { n: 4, period: Y2025 }],
  ['Which 2 stores had the lowest spend in Q1 2026?', 'spend.top_retailers', { n: 2, period: Q1_2026, order: 'asc' }],
  ['What was the top retailer by spend this year?', 'spend.top_retailer', { period: Y2026 }],
  ['Which merchant generated the highest revenue in 2025?', 'spend.top_retailer', { period: Y2025 }],

  ['Average order size in dollars last month', 'spend.avg', { period: MAR_2026 }],
  ['Mean order value at Target in 2025', 'spend.avg', { retailer: 'target', period: Y2025 }],
  ['What is the average online basket value?', 'spend.avg', { type: 'online' }],
  ['Average purchase value by store last quarter', 'spend.avg.by_retailer', { period: Q1_2026 }],
  ['Monthly average order value in 2025', 'spend.avg.by_month', { period: Y2025 }],
  ['Most expensive purchase last year', 'spend.max', { period: Y2025 }],
  ['Highest order total at Costco', 'spend.max', { retailer: 'costco' }],
  ['Cheapest order in March 2026', 'spend.min', { period: MAR_2026 }],
  ['Minimum purchase total at Amazon in 2025', 'spend.min', { retailer: 'amazon', period: Y2025 }],

  ['What did shoppers pay in shipping in 2025?', 'component.sum', { field: 'shipping', period: Y2025 }],
  ['Total taxes paid at Target', 'component.sum', { field: 'tax', retailer: 'target' }],
  ['How much in fees did customers pay last month?', 'component.sum', { field: 'fees', period: MAR_2026 }],
  ['Total discounts given in Q4 2025', 'component.sum', { field: 'discounts', period: Q4_2025 }],
  ['How much did shoppers save at Walmart last year?', 'component.sum', { field: 'discounts', retailer: 'walmart', period: Y2025 }],
  ['Merchandise subtotal in 2025', 'component.sum', { field: 'items_subtotal', period: Y2025 }],
  ['Shipping charges on in-store orders', 'component.sum', { field: 'shipping', type: 'in_store' }],
  ['Average tax per order last quarter', 'component.avg', { field: 'tax', period: Q1_2026 }],
  ['Mean shipping cost per purchase at Amazon', 'component.avg', { field: 'shipping', retailer: 'amazon' }],
  ['What is the average discount per order?', 'component.avg', { field: 'discounts' }],
  ['Biggest tax amount on one purchase', 'component.max', { field: 'tax' }],
  ['Maximum fee charged on an order in 2025', 'component.max', { field: 'fees', period: Y2025 }],
  ['Fees by store', 'component.sum.by_retailer', { field: 'fees' }],
  ['Shipping costs per retailer in 2025', 'component.sum.by_retailer', { field: 'shipping', period: Y2025 }],
  ['Discounts by month this year', 'component.sum.by_month', { field: 'discounts', period: Y2026 }],
  ['Monthly fees in 2025', 'component.sum.by_month', { field: 'fees', period: Y2025 }],
  ['Tax online vs in store', 'component.sum.by_type', { field: 'tax' }],

  ['Number of items purchased in 2025', 'lines.count', { period: Y2025 }],
  ['How many line items at Walgreens last month?', 'lines.count', { retailer: 'walgreens', period: MAR_2026 }],
  ['Average basket size last year', 'lines.avg_per_purchase', { period: Y2025 }],
  ['How many items per order on average at Safeway?', 'lines.avg_per_purchase', { retailer: 'safeway' }],
  ['How many Zenith items were purchased last month?', 'lines.count.brand', { brand: 'Zenith', period: MAR_2026 }],
  ['Unmatched line items in 2025', 'lines.unmatched', { period: Y2025 }],

  ['Total units sold this year', 'units.sum', { period: Y2026 }],
  ['How many units were purchased at Costco last year?', 'units.sum', { retailer: 'costco', period: Y2025 }],
  ['Units sold in the past 90 days', 'units.sum', { period: { from: daysAgo(90) } }],
  ['How many Wonka units were sold in Q1 2026?', 'units.sum.brand', { brand: 'Wonka', period: Q1_2026 }],
  ['Quantity of Harbor products bought last year', 'units.sum.brand', { brand: 'Harbor', period: Y2025 }],
  ['How many units of Initech did Walmart shoppers buy?', 'units.sum.brand', { brand: 'Initech', retailer: 'walmart' }],
  ['Units sold of Northwind Toothpaste Regular in 2025', 'units.sum.product', { product: 'Northwind Toothpaste Regular', period: Y2025 }],
  ['How many units of Contoso Coffee Beans Regular were bought last month?', 'units.sum.product', { product: 'Contoso Coffee Beans Regular', period: MAR_2026 }],
  ['Average number of units per order last year', 'units.avg_per_purchase', { period: Y2025 }],
  ['Units per basket on average at Target', 'units.avg_per_purchase', { retailer: 'target' }],
  ['Top 3 brands by units in Q4 2025', 'units.by_brand', { n: 3, period: Q4_2025 }],
  ['Unit sales by brand last year', 'units.by_brand', { period: Y2025 }],
  ['What are the top 5 products by quantity sold last month?', 'units.by_product', { n: 5, period: MAR_2026 }],
  ['Top 3 Zenith products by units sold', 'units.by_product', { n: 3, brand: 'Zenith' }],
  ['Which 5 products sold the fewest units in 2025?', 'units.by_product', { n: 5, period: Y2025, order: 'asc' }],
  ['Units by month for Acme in 2025', 'units.by_month', { brand: 'Acme', period: Y2025 }],
  ['Monthly unit volume this year', 'units.by_month', { period: Y2026 }],
  ['Units sold per retailer last year', 'units.by_retailer', { period: Y2025 }],
  ['Zenith units per store this year', 'units.by_retailer', { brand: 'Zenith', period: Y2026 }],
  ['Which brand had the highest unit sales this year?', 'units.top_brand', { period: Y2026 }],
  ['What was the best-selling product last quarter?', 'units.top_product', { period: Q1_2026 }],

  ['Total Globex revenue last year', 'sales.sum.brand', { brand: 'Globex', period: Y2025 }],
  ['How much was spent on Meadow products at Kroger?', 'sales.sum.brand', { brand: 'Meadow', retailer: 'kroger' }],
  ['Sales of Contoso in March 2026', 'sales.sum.brand', { brand: 'Contoso', period: MAR_2026 }],
  ['Revenue from Northwind Toothpaste Regular last year', 'sales.sum.product', { product: 'Northwind Toothpaste Regular', period: Y2025 }],
  ['Sales by brand last quarter', 'sales.by_brand', { period: Q1_2026 }],
  ['Top 3 brands by revenue in 2025', 'sales.by_brand', { n: 3, period: Y2025 }],
  ['Top 10 products by sales last year', 'sales.by_product', { n: 10, period: Y2025 }],
  ['Revenue per product for Acme this year', 'sales.by_product', { brand: 'Acme', period: Y2026 }],
  ['Zenith revenue by store', 'sales.by_retailer.brand', { brand: 'Zenith' }],
  ['Monthly Acme sales this year', 'sales.by_month.brand', { brand: 'Acme', period: Y2026 }],

  ['Average price paid per unit for Zenith products', 'price.avg', { brand: 'Zenith' }],
  ['Average item price at Target last year', 'price.avg', { retailer: 'target', period: Y2025 }],
  ['Highest item price paid last month', 'price.max', { period: MAR_2026 }],
  ['Lowest unit price in 2025', 'price.min', { period: Y2025 }],

  ['How many of our products were bought in 2025?', 'products.distinct', { period: Y2025 }],
  ['Count of distinct Zenith products purchased', 'products.distinct', { brand: 'Zenith' }],
  ['Number of different brands bought last quarter', 'brands.distinct', { period: Q1_2026 }],
  ['How many orders included Globex last year?', 'purchases.with_brand', { brand: 'Globex', period: Y2025 }],
  ['Number of purchases with Zenith Green Tea Regular in them', 'purchases.with_product', { product: 'Zenith Green Tea Regular' }],
  ['How many retailers had orders in 2025?', 'retailers.distinct', { period: Y2025 }],

  ['How many unique customers are there?', 'customers.count', {}],
  ['How many customers bought something in Q1 2026?', 'customers.purchasing', { period: Q1_2026 }],
  ['Number of shoppers who purchased at Target last year', 'customers.purchasing', { retailer: 'target', period: Y2025 }],
  ['How many customers purchased Globex this year?', 'customers.brand', { brand: 'Globex', period: Y2026 }],
  ['Top 10 customers by spend last year', 'customers.top_spend', { n: 10, period: Y2025 }],
  ['Who are the 5 shoppers that spent the most in Q1 2026?', 'customers.top_spend', { n: 5, period: Q1_2026 }],
  ['Which customer spent the most at Walmart?', 'customers.top_spender', { retailer: 'walmart' }],
  ['Top 3 shoppers by order count last year', 'customers.top_orders', { n: 3, period: Y2025 }],
  ['Top 5 customers by units purchased this year', 'customers.top_units', { n: 5, period: Y2026 }],
  ['Average revenue per customer in 2025', 'customers.avg_spend', { period: Y2025 }],
  ['Average number of purchases per shopper last quarter', 'customers.avg_orders', { period: Q1_2026 }],
  ['How many shoppers does each retailer have?', 'customers.by_retailer', {}],

  ['Number of active accounts', 'connections.count', { status: 'active' }],
  ['How many Walmart connections are disconnected?', 'connections.count', { status: 'disconnected', retailer: 'walmart' }],
  ['How many connections still need the shopper to sign in again?', 'connections.count', { status: 'unauthenticated' }],
  ['Breakdown of connections by status', 'connections.by_status', {}],
  ['Connections per store', 'connections.by_retailer', {}],
  ['How many connections were created in Q1 2026?', 'connections.new', { period: Q1_2026 }],

  ['Compare spend in Q4 2025 with Q3 2025', 'compare.spend', { periods: [Q4_2025, Q3_2025] }],
  ['Revenue in 2025 versus 2024', 'compare.spend', { periods: [Y2025, Y2024] }],
  ['How many orders did we get in March 2026 compared to March 2025?', 'compare.count', { periods: [MAR_2026, { from: '2025-03-01', to: '2025-04-01' }] }],
  ['Purchases last month vs the month before', 'compare.count', { periods: [MAR_2026, FEB_2026] }],
  ['Average order value this month vs last month', 'compare.avg', { periods: [APR_2026, MAR_2026] }],
  ['Zenith units in Q1 2026 vs Q4 2025', 'compare.units', { brand: 'Zenith', periods: [Q1_2026, Q4_2025] }],
  ['Compare Zenith sales in 2025 and 2024', 'compare.sales', { brand: 'Zenith', periods: [Y2025, Y2024] }],
  ['Discounts in December 2025 versus November 2025', 'compare.component', { field: 'discounts', periods: [DEC_2025, NOV_2025] }],

  ['What will revenue be next month?', 'refused', {}],
  ['What is our gross margin by brand?', 'refused', {}],
  ['How many items were returned last month?', 'refused', {}],
]; // prettier-ignore
