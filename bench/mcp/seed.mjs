// Bulk load of the read model for bench/mcp/ask.mjs: retailers, connections, purchases and items written by
// INSERT ... SELECT over generate_series in the database (no rows cross the wire), deterministic for a seed.

export const RETAILERS = [
  ['target', 'Target'],
  ['walmart', 'Walmart'],
  ['amazon', 'Amazon'],
  ['kroger', 'Kroger'],
  ['costco', 'Costco'],
  ['walgreens', 'Walgreens'],
  ['cvs', 'CVS'],
  ['bestbuy', 'Best Buy'],
  ['homedepot', 'Home Depot'],
  ['safeway', 'Safeway'],
];
const BRANDS = [
  'Acme', 'Zenith', 'Northwind', 'Contoso', 'Fabrikam', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay',
  'Wonka', 'Oceanic', 'Aperture', 'Monarch', 'Sterling', 'Prestige', 'Cascade', 'Evergreen', 'Bluebird', 'Summit',
  'Harbor', 'Meadow', 'Pinnacle', 'Riverside',
]; // prettier-ignore
const TYPES = [
  'Dish Soap', 'Shampoo', 'Toothpaste', 'Green Tea', 'Coffee Beans', 'Hand Soap', 'Body Wash', 'Cereal',
  'Granola', 'Paper Towels', 'Detergent', 'Sparkling Water',
]; // prettier-ignore
const PRODUCTS_PER_TEAM = 300;
const CONNECTIONS = 40_000;

/** Teams and their share of the connections (so of the purchases): twentieths of the connection ids. */
export const TEAMS = [
  ['team_1', 10],
  ['team_2', 5],
  ['team_3', 3],
  ['team_4', 2],
];

const array = (values) => `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]`;

/**
 * Loads `purchases` purchases (1 to 4 items each, 60% of the items matched to one of the team's 300 products)
 * dated over the two years before `now`, across `connections` (40,000) connections of four teams and ten retailers.
 */
export async function seedReadModel(db, { purchases, now, seed = 0.42, connections = CONNECTIONS }) {
  const teamOf = (column) => {
    let bound = 0;
    const cases = TEAMS.map(([team, share]) => {
      bound += share;
      return `WHEN ${column} % 20 < ${bound} THEN '${team}'`;
    });
    return `CASE ${cases.join(' ')} END`;
  };
  const start = new Date(now.getTime() - 730 * 86_400_000).toISOString();
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    // One session: setseed makes the random() sequence of the statements below the same on every run.
    await runner.query(`SELECT setseed($1)`, [seed]);
    await runner.query(
      `INSERT INTO mcp.retailers (retailer_id, name) SELECT * FROM unnest(${array(RETAILERS.map((r) => r[0]))}, ${array(
        RETAILERS.map((r) => r[1]),
      )})`,
    );
    await runner.query(
      `INSERT INTO mcp.connections (team_id, connection_id, customer_id, retailer_id, status, is_simulated, created_at, updated_at)
       SELECT team, 'conn_' || c, team || '_cust_' || (c / 3), (${array(RETAILERS.map((r) => r[0]))})[1 + (c / 20) % 10],
         (ARRAY['active', 'active', 'active', 'active', 'unauthenticated', 'disconnected', 'initialized'])[1 + c % 7],
         c % 50 = 0, at, at
       FROM (SELECT c, ${teamOf('c')} AS team, $1::timestamptz + random() * interval '700 days' AS at
             FROM generate_series(0, ${connections - 1}) c) g`,
      [start],
    );
    await runner.query(
      `INSERT INTO mcp.purchases (team_id, purchase_id, connection_id, retailer_id, purchased_at, purchase_type, currency,
         items_subtotal, discounts, shipping, fees, tax, total, item_count, is_simulated, customer_id)
       SELECT c.team_id, 'pur_' || lpad(g.p::text, 7, '0'), c.connection_id, c.retailer_id,
         $1::timestamptz + g.r1 * interval '730 days', CASE WHEN g.r2 < 0.55 THEN 'online' ELSE 'in_store' END, 'USD',
         g.subtotal, 0, g.shipping, 0, round(g.subtotal * 0.08, 2), g.subtotal + g.shipping + round(g.subtotal * 0.08, 2),
         1 + g.p % 4, c.is_simulated, c.customer_id
       FROM (SELECT p, random() AS r1, random() AS r2, round((5 + random() * 120)::numeric, 2) AS subtotal,
               CASE WHEN random() < 0.4 THEN 5.99 ELSE 0 END AS shipping
             FROM generate_series(0, ${purchases - 1}) p) g
       JOIN mcp.connections c ON c.connection_id = 'conn_' || (g.p::bigint * 7919 % ${connections})`,
      [start],
    );
    const brand = (k) => `(${array(BRANDS)})[1 + ${k} % ${BRANDS.length}]`;
    const type = (k) => `(${array(TYPES)})[1 + (${k} / ${BRANDS.length}) % ${TYPES.length}]`;
    const size = (k) => `(ARRAY['Regular', 'Family Size'])[1 + (${k} / ${BRANDS.length * TYPES.length}) % 2]`;
    await runner.query(
      `INSERT INTO mcp.items (team_id, purchase_id, item_id, retailer_id, purchased_at, purchase_type, name, brand, upc, sku,
         price, quantity, product_id, product_name, product_brand, is_simulated, customer_id)
       SELECT x.team_id, x.purchase_id, 'line_' || x.line, x.retailer_id, x.purchased_at, x.purchase_type,
         CASE WHEN x.k IS NULL THEN (ARRAY['Paper towels', 'Batteries', 'Coffee', 'Bananas', 'Milk', 'Bread'])[1 + x.line % 6]
              ELSE ${brand('x.k')} || ' ' || ${type('x.k')} || ' ' || ${size('x.k')} END,
         CASE WHEN x.k IS NULL THEN (CASE WHEN x.r2 < 0.5 THEN 'Generic' END) ELSE ${brand('x.k')} END,
         NULL, NULL, round((1 + x.r2 * 40)::numeric, 2), 1 + floor(x.r3 * 4)::int,
         CASE WHEN x.k IS NOT NULL THEN x.team_id || '_prod_' || x.k END,
         CASE WHEN x.k IS NOT NULL THEN ${brand('x.k')} || ' ' || ${type('x.k')} || ' ' || ${size('x.k')} END,
         CASE WHEN x.k IS NOT NULL THEN ${brand('x.k')} END,
         x.is_simulated, x.customer_id
       FROM (SELECT p.*, l.line, CASE WHEN r.r1 < 0.6 THEN floor(r.r1 / 0.6 * ${PRODUCTS_PER_TEAM})::int END AS k, r.r2, r.r3
             FROM mcp.purchases p
             CROSS JOIN LATERAL generate_series(1, p.item_count) l(line)
             CROSS JOIN LATERAL (SELECT random() + l.line * 0 AS r1, random() + l.line * 0 AS r2, random() + l.line * 0 AS r3) r) x`,
    );
  } finally {
    await runner.release();
  }
  const counts = {};
  for (const table of ['connections', 'purchases', 'items']) {
    const [row] = await db.query(`SELECT count(*)::int AS n FROM mcp.${table}`);
    counts[table] = row.n;
  }
  return counts;
}
