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
