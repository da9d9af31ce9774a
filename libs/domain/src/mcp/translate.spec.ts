import { translate, type Vocabulary } from './translate.js';

const NOW = new Date('2026-04-15T12:00:00.000Z');
const VOCABULARY: Vocabulary = { retailers: [{ id: 'target', name: 'Target' }], brands: [], products: [] };

describe('translate: two periods compared', () => {
  it.each<[string, string[]]>([
    ['Compare total spend in March 2026 and February 2026', ['2026-02-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z']],
    ['Purchases in 2025 vs in March 2026', ['2025-01-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z']],
  ])('"%s" also bounds the rows by the span of both periods, a range the date index can scan', (question, span) => {
    const translation = translate(question, VOCABULARY, NOW);
    if (!translation.ok) throw new Error(translation.error);
    const where = translation.sql.slice(translation.sql.indexOf(' WHERE '));
    const bounds = [...where.matchAll(/p\.(?:purchased_at|day) (>=|<) \$(\d+)/g)].map((m) => [
      m[1],
      translation.params[Number(m[2]) - 1],
    ]);
    expect(bounds.slice(-2)).toEqual([
      ['>=', span[0]],
      ['<', span[1]],
    ]);
  });

  it('leaves an open side open', () => {
    const translation = translate('Compare spend before February 2026 and since March 2026', VOCABULARY, NOW);
    if (!translation.ok) throw new Error(translation.error);
    expect(translation.sql).not.toMatch(/\) AND p\.(purchased_at|day)/);
  });
});

describe('translate: summary tables', () => {
  const sqlOf = (question: string, options?: { summaries?: boolean }) => {
    const translation = translate(question, { ...VOCABULARY, brands: ['Acme'] }, NOW, options);
    if (!translation.ok) throw new Error(translation.error);
    return translation.sql;
  };

  it.each([
    ['Total spend this year', /FROM mcp\.purchase_days p /],
    ['Average basket size by retailer', /round\(sum\(p\.item_count\) \/ sum\(p\.purchases\), 2\)/],
    ['How many purchases yesterday', /\(coalesce\(sum\(p\.purchases\), 0\)\)::int/],
    ['Top 3 brands by units sold in 2025', /FROM mcp\.item_months i .*GROUP BY i\.brand|FROM mcp\.item_months i /],
  ])('answers "%s" from a summary', (question, pattern) => {
    expect(sqlOf(question)).toMatch(pattern);
    expect(sqlOf(question, { summaries: false })).not.toMatch(/purchase_days|item_months/);
  });

  it.each([
    'How many purchases in the last 30 days', // from this instant, not a day boundary
    'Sales of Acme yesterday', // items are summarized by month
    'Largest purchase this year', // max does not add up
    'Total spend over $50', // an amount bound is per purchase
    'Total spend by status', // connection status is a join
    'How many purchases of Acme', // distinct purchases of items
  ])('answers "%s" from the base tables', (question) => {
    expect(sqlOf(question)).not.toMatch(/purchase_days|item_months/);
  });
});

describe('translate: what is measured (issue 29)', () => {
  const vocabulary: Vocabulary = {
    retailers: [{ id: 'target', name: 'Target' }],
    brands: ['Acme'],
    products: [{ id: 'prod_soap', name: 'Acme Soap' }],
  };
  const sqlOf = (question: string) => {
    const translation = translate(question, vocabulary, NOW, { summaries: false });
    if (!translation.ok) throw new Error(translation.error);
    return translation.sql;
  };

  it.each<[string, RegExp]>([
    ['How many units were sold last month?', /SELECT \(sum\(i\.quantity\)\)::int AS units FROM mcp\.items i /],
    ['How many units of Acme did we sell?', /sum\(i\.quantity\).*lower\(coalesce\(i\.product_brand, i\.brand\)\)/],
    [
      'Average units per basket',
      /round\(\(SELECT sum\(i\.quantity\) FROM mcp\.items i\)::numeric \/ nullif\(\(SELECT count\(\*\) FROM mcp\.purchases p\), 0\), 2\)/,
    ],
    [
      'Average units per purchase of Acme',
      /round\(\(sum\(i\.quantity\)\)::numeric \/ nullif\(count\(DISTINCT i\.purchase_id\), 0\), 2\)/,
    ],
    ['How many line items were bought?', /SELECT \(count\(\*\)\)::int AS items FROM mcp\.items i/],
    [
      'Which shopper spent the most?',
      /SELECT p\.customer_id AS customer, sum\(p\.total\) .*FROM mcp\.purchases p WHERE .*p\.customer_id IS NOT NULL.*LIMIT 1$/,
    ],
    [
      'Top 5 shoppers by spend',
      /p\.customer_id AS customer, sum\(p\.total\).*ORDER BY 2 DESC NULLS LAST, 1 ASC LIMIT 5$/,
    ],
    [
      'Average spend per shopper',
      /round\(\(sum\(p\.total\)\)::numeric \/ nullif\(count\(DISTINCT p\.customer_id\), 0\), 2\)/,
    ],
    [
      'How much did shoppers pay in shipping?',
      /SELECT sum\(p\.shipping\) AS total_shipping FROM mcp\.purchases p LIMIT/,
    ],
    ['What fees did shoppers pay at Target?', /sum\(p\.fees\).*p\.retailer_id = ANY/],
    ['How much did shoppers save with discounts?', /sum\(p\.discounts\)/],
    ['Subtotal before tax and shipping', /sum\(p\.items_subtotal\)/],
    ['How many customers bought Acme?', /count\(DISTINCT i\.customer_id\).*FROM mcp\.items i WHERE /],
    [
      'How many customers do we have?',
      /count\(DISTINCT c\.customer_id\)\)::int AS customers FROM mcp\.connections c LIMIT/,
    ],
    [
      'Which 3 brands moved the most units?',
      /coalesce\(i\.product_brand, i\.brand\) AS brand, \(sum\(i\.quantity\)\)::int.*LIMIT 3$/,
    ],
    ['The 2 stores with the lowest revenue', /AS retailer, sum\(p\.total\).*ORDER BY 2 ASC NULLS LAST, 1 ASC LIMIT 2$/],
    ['How many purchases did customer cust_42 make?', /p\.customer_id = ANY/],
    ['How many orders had more than 3 items?', /WHERE p\.item_count > \$1/],
    [
      'Which month had the highest revenue in 2025?',
      /AS month, sum\(p\.total\).*ORDER BY 2 DESC NULLS LAST, 1 ASC LIMIT 1$/,
    ],
  ])('"%s"', (question, pattern) => {
    expect(sqlOf(question)).toMatch(pattern);
  });

  it('never puts words of the question into the statement', () => {
    const translation = translate('How many purchases did customer x1_robert make', vocabulary, NOW);
    if (!translation.ok) throw new Error(translation.error);
    expect(translation.sql).not.toContain('x1_robert');
    expect(translation.params).toContainEqual(['x1_robert']);
  });

  it.each([
    'Predict next quarter revenue',
    'Which shoppers churned?',
    'What is our profit margin on Acme?',
    'Median order value',
    'What percentage of orders were online?',
  ])('refuses "%s" naming what can be asked', (question) => {
    const translation = translate(question, vocabulary, NOW);
    expect(translation).toEqual({ ok: false, error: expect.stringContaining('I answer questions about') });
  });
});
