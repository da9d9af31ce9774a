import { type PurchaseDetail } from '@cps/contracts';
import { translate } from '@cps/domain';
import { TeamQuery } from '../src/ask/team-query.js';
import { Projection } from '../src/read-model/projection.js';
import { RETAILERS, startReadModel } from './read-model-fixture.js';

/**
 * The summary tables `ask` answers additive questions from (migration 1736200000000-ask-summaries): the answer read
 * from a summary equals the answer read from the base tables on the seeded read model, and the summaries equal an
 * aggregate of the base tables computed from scratch after the projection inserts, re-matches, hides (sharing
 * window) and purges rows.
 */
const NOW = new Date('2026-04-15T12:00:00.000Z');

let model: Awaited<ReturnType<typeof startReadModel>>;
let teamQuery: TeamQuery;

beforeAll(async () => {
  model = await startReadModel();
  teamQuery = new TeamQuery(model.service);
});

afterAll(async () => {
  await model?.stop();
});

const QUESTIONS = [
  'How many purchases',
  'Total spend',
  'Average purchase total',
  'How much tax was paid in 2025',
  'Total shipping last month',
  'Average basket size by retailer',
  'Total tax by year',
  'Total spend by retailer in March 2026',
  'Purchases per retailer since February',
  'How many purchases by month',
  'Average purchase total by month since January',
  'Daily purchases last week',
  'How many purchases by day last week',
  'Weekly spend in March 2026',
  'Purchases by purchase type in 2026',
  'Online vs in store purchases yesterday',
  'How many purchases at Walmart in 2025',
  'Total spend online this year',
  'Compare total spend in March 2026 and February 2026',
  'Compare purchases in January 2026 and February 2026',
  'Number of distinct retailers',
  'Total spend of simulated purchases',
  'Top 2 retailers by spend',
  'Top 5 products by units sold this year',
  'Top 3 brands by units sold in 2025',
  'Revenue by brand last month',
  'Sales of Acme by month this year',
  'Units of Acme Soap sold by month',
  'How many unmatched items last month',
  'How many items by brand',
  'Average item price by product',
  'Number of distinct products sold at Amazon this year',
  'How many distinct brands were sold in 2026',
  'Sales by retailer of matched items',
];

describe('ask: answers from the summaries', () => {
  it.each(QUESTIONS)('"%s" reads a summary and answers as the base tables do', async (question) => {
    const vocabulary = {
      retailers: RETAILERS,
      brands: ['Acme', 'Zenith', 'Generic'],
      products: [
        { id: 'prod_soap', name: 'Acme Soap' },
        { id: 'prod_shampoo', name: 'Acme Shampoo' },
        { id: 'prod_tea', name: 'Zenith Tea' },
      ],
    };
    const fromSummary = translate(question, vocabulary, NOW);
    const fromBase = translate(question, vocabulary, NOW, { summaries: false });
    if (!fromSummary.ok || !fromBase.ok) throw new Error(`"${question}" is not answered`);
    expect(fromSummary.sql).toMatch(/mcp\.(purchase_days|item_months)/);
    expect(fromBase.sql).not.toMatch(/mcp\.(purchase_days|item_months)/);
    const summaryAnswer = await teamQuery.run('team_a', fromSummary.sql, fromSummary.params);
    const baseAnswer = await teamQuery.run('team_a', fromBase.sql, fromBase.params);
    expect(baseAnswer.rows.length).toBeGreaterThan(0);
    expect(summaryAnswer).toEqual(baseAnswer);
  });

  it('reads the base tables when a period does not fall on the summary grain, or a measure does not add up', () => {
    const vocabulary = { retailers: RETAILERS, brands: ['Acme'], products: [] };
    for (const question of [
      'How many purchases in the last 30 days',
      'Total spend by week in the last 90 days',
      'Largest purchase at Target',
      'Total spend of purchases by status this year',
      'Sales of Acme yesterday',
      'Total spend over $50',
      'How many purchases of Acme',
    ]) {
      const translation = translate(question, vocabulary, NOW);
      expect(translation.ok && translation.sql).toMatch(/FROM mcp\.(purchases|items) /);
    }
  });
});

// --- the summaries kept by the triggers -----------------------------------------------------------------

/** The summaries as the base tables give them now, computed from scratch, and as the triggers kept them. */
async function summariesAndAggregates() {
  const purchaseKeys = `team_id, date_trunc('day', purchased_at, 'UTC') AS day, retailer_id, purchase_type,
    is_simulated`;
  const itemKeys = `team_id, date_trunc('month', purchased_at, 'UTC') AS month, retailer_id, is_simulated, product_id,
    product_name, coalesce(product_brand, brand) AS brand`;
  const text = (rows: Array<Record<string, unknown>>) =>
    rows.map((row) => Object.values(row).map((value) => (value instanceof Date ? value.toISOString() : String(value))));
  const query = async (sql: string) => text(await model.admin.query(sql));
  return {
    purchases: await query(
      `SELECT team_id, day, retailer_id, purchase_type, is_simulated, purchases, total, items_subtotal, discounts,
         shipping, fees, tax, item_count FROM mcp.purchase_days ORDER BY 1, 2, 3, 4, 5`,
    ),
    purchasesFromScratch: await query(
      `SELECT ${purchaseKeys}, count(*) AS n, sum(total) AS t, sum(items_subtotal) AS st, sum(discounts) AS d,
         sum(shipping) AS sh, sum(fees) AS f, sum(tax) AS tx, sum(item_count) AS ic
       FROM mcp.purchases WHERE purchased_at >= visible_from
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
    ),
    items: await query(
      `SELECT team_id, month, retailer_id, is_simulated, product_id, product_name, brand, items, quantity, amount, price
       FROM mcp.item_months ORDER BY 1, 2, 3, 4, 5, 6, 7`,
    ),
    itemsFromScratch: await query(
      `SELECT ${itemKeys}, count(*) AS n, sum(quantity) AS q, sum(amount) AS a, sum(price) AS p FROM mcp.items
       WHERE purchased_at >= visible_from GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7`,
    ),
  };
}

async function expectSummariesOfTheBaseTables() {
  const now = await summariesAndAggregates();
  expect(now.purchases.length).toBeGreaterThan(0);
  expect(now.purchases).toEqual(now.purchasesFromScratch);
  expect(now.items).toEqual(now.itemsFromScratch);
}

describe('the summaries follow the base tables', () => {
  const connection = 'team_a_conn_3';
  const purchase = (id: string, date: string, simulated: boolean, product: boolean): PurchaseDetail =>
    ({
      purchase_id: id,
      connection_id: connection,
      retailer_id: 'target',
      date,
      purchase_type: 'online',
      currency: 'USD',
      items_subtotal: '20.00',
      discounts: '0.00',
      shipping: '0.00',
      fees: '0.00',
      tax: '1.60',
      total: '21.60',
      item_count: 2,
      is_simulated: simulated,
      items: [
        {
          item_id: 'l1',
          name: 'Acme Soap',
          brand: 'Acme',
          upc: null,
          sku: null,
          price: '5.00',
          quantity: 2,
          product: product ? { product_id: 'prod_soap', name: 'Acme Soap', brand: 'Acme' } : null,
        },
        { item_id: 'l2', name: 'Bread', brand: null, upc: null, sku: null, price: '10.00', quantity: 1, product: null },
      ],
    }) as unknown as PurchaseDetail;

  it('after the seed', async () => {
    await expectSummariesOfTheBaseTables();
  });

  it('after purchases are projected, then matched again to products (an update of their items)', async () => {
    const purchases = [
      purchase('pur_new_1', '2026-04-14T09:00:00.000Z', false, false),
      purchase('pur_new_2', '2026-03-02T23:59:59.000Z', true, false),
    ];
    await model.service.transaction((manager) =>
      Projection.upsertPurchases(
        manager,
        purchases.map((p) => ({ teamId: 'team_a', purchase: p })),
      ),
    );
    await expectSummariesOfTheBaseTables();
    const matched = purchases.map((p) => ({
      ...p,
      items: p.items.map((item) => ({
        ...item,
        product: { product_id: 'prod_tea', name: 'Zenith Tea', brand: 'Zenith' },
      })),
    }));
    await model.service.transaction((manager) =>
      Projection.upsertPurchases(
        manager,
        matched.map((p) => ({ teamId: 'team_a', purchase: p as PurchaseDetail })),
      ),
    );
    await expectSummariesOfTheBaseTables();
  });

  it('a purchase matched again that leaves an item as it was writes neither the item nor its summary row', async () => {
    const project = (p: PurchaseDetail) =>
      model.service.transaction((manager) => Projection.upsertPurchases(manager, [{ teamId: 'team_a', purchase: p }]));
    const versions = async () =>
      Object.fromEntries(
        (
          (await model.service.query(
            `SELECT item_id, xmin::text AS version FROM mcp.items WHERE purchase_id = 'pur_same_1'`,
          )) as Array<{ item_id: string; version: string }>
        ).map((row) => [row.item_id, row.version]),
      );
    const unmatched = purchase('pur_same_1', '2026-04-13T10:00:00.000Z', false, false);
    await project(unmatched);
    const collected = await versions();
    await project(unmatched); // matched again (collected again), still no product for either item
    expect(await versions()).toEqual(collected);
    await project(purchase('pur_same_1', '2026-04-13T10:00:00.000Z', false, true)); // l1 matched now
    const matched = await versions();
    expect(matched.l1).not.toBe(collected.l1);
    expect(matched.l2).toBe(collected.l2);
    await expectSummariesOfTheBaseTables();
  });

  it('after a narrower sharing window hides older purchases, and a wider one shows them again', async () => {
    const sharing = (days: number, start: string, at: string) =>
      model.service.transaction((manager) =>
        Projection.applySharing(
          manager,
          'team_a',
          { connectionId: connection, historyWindowDays: days, historyStart: start },
          at,
        ),
      );
    const before = await summariesAndAggregates();
    await sharing(30, '2026-03-16T00:00:00.000Z', '2026-04-15T00:00:00.000Z');
    const narrowed = await summariesAndAggregates();
    expect(narrowed.purchases).toEqual(narrowed.purchasesFromScratch);
    expect(narrowed.items).toEqual(narrowed.itemsFromScratch);
    expect(narrowed.purchases).not.toEqual(before.purchases);
    await sharing(3650, '2016-01-01T00:00:00.000Z', '2026-04-15T01:00:00.000Z');
    const widened = await summariesAndAggregates();
    expect(widened.purchases).toEqual(before.purchases);
    expect(widened.items).toEqual(before.items);
  });

  it('after simulated rows are purged', async () => {
    await model.service.transaction((manager) =>
      Projection.purgeSimulated(manager, 'team_a', '2026-04-15T00:00:00.000Z', [], ['pur_new_2']),
    );
    await expectSummariesOfTheBaseTables();
    await model.service.transaction((manager) =>
      Projection.purgeSimulated(manager, undefined, '2026-04-15T00:00:00.000Z', [], []),
    );
    await expectSummariesOfTheBaseTables();
    const [{ n }] = (await model.admin.query(
      `SELECT count(*)::int AS n FROM mcp.purchase_days WHERE is_simulated OR purchases <= 0`,
    )) as Array<{ n: number }>;
    expect(n).toBe(0);
  });

  it('shows a team only its own summary rows (row-level security)', async () => {
    const answer = await teamQuery.run<{ teams: string }>(
      'team_b',
      `SELECT string_agg(DISTINCT team_id, ',') AS teams FROM (SELECT team_id FROM mcp.purchase_days
       UNION ALL SELECT team_id FROM mcp.item_months) t`,
    );
    expect(answer.rows).toEqual([{ teams: 'team_b' }]);
    await expect(teamQuery.run('team_b', `DELETE FROM mcp.purchase_days`)).rejects.toThrow(/read-only|permission/);
  });
});
