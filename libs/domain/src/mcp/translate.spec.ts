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
    const bounds = [...where.matchAll(/p\.purchased_at (>=|<) \$(\d+)/g)].map((m) => [
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
    expect(translation.sql).not.toMatch(/\) AND p\.purchased_at/);
  });
});
