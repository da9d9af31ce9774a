import { createServer, type Server } from 'node:http';
import { AskService, type AskAnswer } from '../src/ask/ask.service.js';
import { TeamQuery } from '../src/ask/team-query.js';
import { McpSettings } from '../src/mcp/mcp-settings.js';
import {
  askSettings,
  RETAILERS,
  startReadModel,
  type SeedConnection,
  type SeedItem,
  type SeedPurchase,
} from './read-model-fixture.js';

/**
 * `ask` on a seeded read model in real Postgres: a table of questions whose expected answers are computed here in
 * plain JavaScript from the seed (not by SQL), rejections (SQL, DDL, other teams, nonsense), row-level security
 * under tampered statements, and the rate limit.
 */
const NOW = new Date('2026-04-15T12:00:00.000Z');
type Value = string | number | null;

let model: Awaited<ReturnType<typeof startReadModel>>;
let ask: AskService;
const connectorA = { teamId: 'team_a', clientId: 'client_a' };

beforeAll(async () => {
  model = await startReadModel();
  const settings = askSettings();
  ask = new AskService(model.service, new TeamQuery(model.service), settings);
});

afterAll(async () => {
  await model?.stop();
});

// --- expected answers, from the seed --------------------------------------------------------------------

interface Range {
  from?: string;
  to?: string;
}
const money = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));
const within = (date: string, range: Range) => (!range.from || date >= range.from) && (!range.to || date < range.to);
const purchasesOf = (team: string, range: Range = {}, keep: (p: SeedPurchase) => boolean = () => true) =>
  model.data.purchases.filter((p) => p.team === team && within(p.date, range) && keep(p));
const itemsOf = (purchases: SeedPurchase[]) =>
  purchases.flatMap((p) => p.items.map((item) => ({ ...item, purchase: p })));
const amount = (item: SeedItem) => item.priceCents * item.quantity;
const sum = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0));
const avg = (values: number[]) => (values.length === 0 ? null : Math.round(sum(values)! / values.length));
const max = (values: number[]) => (values.length === 0 ? null : Math.max(...values));
const min = (values: number[]) => (values.length === 0 ? null : Math.min(...values));
const retailerName = (id: string) => RETAILERS.find((r) => r.id === id)!.name;

type Measure = (purchases: SeedPurchase[]) => Value;
const MEASURES: Array<[string, Measure]> = [
  ['How many purchases', (ps) => ps.length],
  ['Total spend', (ps) => money(sum(ps.map((p) => p.totalCents)))],
  ['Average purchase total', (ps) => money(avg(ps.map((p) => p.totalCents)))],
  ['Largest purchase', (ps) => money(max(ps.map((p) => p.totalCents)))],
  ['Smallest purchase', (ps) => money(min(ps.map((p) => p.totalCents)))],
  ['How much tax was paid', (ps) => money(sum(ps.map((p) => p.taxCents)))],
  ['Total shipping', (ps) => money(sum(ps.map((p) => p.shippingCents)))],
];

const PERIODS: Array<[string, Range]> = [
  ['', {}],
  ['in March 2026', { from: '2026-03-01', to: '2026-04-01' }],
  ['last month', { from: '2026-03-01', to: '2026-04-01' }],
  ['since February', { from: '2026-02-01' }],
  ['in the last 30 days', { from: '2026-03-16T12:00:00.000Z' }],
  ['yesterday', { from: '2026-04-14', to: '2026-04-15' }],
  ['this year', { from: '2026-01-01', to: '2027-01-01' }],
  ['in 2025', { from: '2025-01-01', to: '2026-01-01' }],
  ['before February 2026', { to: '2026-02-01' }],
  ['between 2026-02-01 and 2026-02-28', { from: '2026-02-01', to: '2026-03-01' }],
  ['in December 2025', { from: '2025-12-01', to: '2026-01-01' }],
  ['this month', { from: '2026-04-01', to: '2026-05-01' }],
  ['last week', { from: '2026-04-06', to: '2026-04-13' }],
  ['last quarter', { from: '2026-01-01', to: '2026-04-01' }],
  ['since 2026-03-10', { from: '2026-03-10' }],
  ['after March 2026', { from: '2026-04-01' }],
];

const FILTERS: Array<[string, (p: SeedPurchase) => boolean]> = [
  ['at Target', (p) => p.retailer === 'target'],
  ['at walmart', (p) => p.retailer === 'walmart'],
  ['online', (p) => p.type === 'online'],
  ['in store', (p) => p.type === 'in_store'],
  ['over $50', (p) => p.totalCents > 5000],
  ['under $20', (p) => p.totalCents < 2000],
];

/** Rows grouped by `key`, measured, ordered by the measure (descending, key ascending) or by key. */
function grouped<T>(
  rows: T[],
  key: (row: T) => string | null,
  measure: (rows: T[]) => Value,
  byKey = false,
  limit = 100,
) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  const answer = [...groups].map(([k, members]) => [k, measure(members)] as [string, Value]);
  answer.sort((a, b) =>
    byKey ? (a[0] < b[0] ? -1 : 1) : Number(b[1]) - Number(a[1]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
  );
  return answer.slice(0, limit);
}

const monday = (date: string) => {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};
const connectionsOf = (team: string, keep: (c: SeedConnection) => boolean = () => true) =>
  model.data.connections.filter((c) => c.team === team && keep(c));
const units = (items: Array<SeedItem & { purchase: SeedPurchase }>) => sum(items.map((item) => item.quantity));

type Expected = () => Value[][];
const CASES: Array<[string, Expected]> = [];
for (const [measure, compute] of MEASURES) {
  for (const [words, range] of PERIODS) {
    CASES.push([`${measure} ${words}`.trim(), () => [[compute(purchasesOf('team_a', range))]]]);
  }
}
for (const [measure, compute] of MEASURES.slice(0, 4)) {
  for (const [words, keep] of FILTERS) {
    for (const [period, range] of [PERIODS[0]!, PERIODS[3]!]) {
      CASES.push([`${measure} ${words} ${period}`.trim(), () => [[compute(purchasesOf('team_a', range, keep))]]]);
    }
  }
}
const spend: Measure = (ps) => money(sum(ps.map((p) => p.totalCents)));
const count: Measure = (ps) => ps.length;
for (const [words, range] of PERIODS.slice(0, 5)) {
  CASES.push([
    `Total spend by retailer ${words}`.trim(),
    () => grouped(purchasesOf('team_a', range), (p) => retailerName(p.retailer), spend),
  ]);
  CASES.push([
    `Purchases per retailer ${words}`.trim(),
    () => grouped(purchasesOf('team_a', range), (p) => retailerName(p.retailer), count),
  ]);
}
CASES.push(
  ['How many purchases by month', () => grouped(purchasesOf('team_a'), (p) => p.date.slice(0, 7), count, true)],
  [
    'Monthly spend since January',
    () => grouped(purchasesOf('team_a', { from: '2026-01-01' }), (p) => p.date.slice(0, 7), spend, true),
  ],
  ['Spend by year', () => grouped(purchasesOf('team_a'), (p) => p.date.slice(0, 4), spend, true)],
  [
    'Daily purchases last week',
    () =>
      grouped(purchasesOf('team_a', { from: '2026-04-06', to: '2026-04-13' }), (p) => p.date.slice(0, 10), count, true),
  ],
  [
    'Weekly spend in March 2026',
    () => grouped(purchasesOf('team_a', { from: '2026-03-01', to: '2026-04-01' }), (p) => monday(p.date), spend, true),
  ],
  [
    'Purchases by purchase type in 2026',
    () => grouped(purchasesOf('team_a', { from: '2026-01-01', to: '2027-01-01' }), (p) => p.type, count),
  ],
  ['Online vs in store purchases', () => grouped(purchasesOf('team_a'), (p) => p.type, count)],
  [
    'Average purchase total by retailer',
    () =>
      grouped(
        purchasesOf('team_a'),
        (p) => retailerName(p.retailer),
        (ps) => money(avg(ps.map((p) => p.totalCents))),
      ),
  ],
  ['Top 2 retailers by spend', () => grouped(purchasesOf('team_a'), (p) => retailerName(p.retailer), spend, false, 2)],
  [
    'Which retailer had the most purchases last quarter',
    () =>
      grouped(
        purchasesOf('team_a', { from: '2026-01-01', to: '2026-04-01' }),
        (p) => retailerName(p.retailer),
        count,
        false,
        1,
      ),
  ],
  [
    'Largest purchase by retailer',
    () =>
      grouped(
        purchasesOf('team_a'),
        (p) => retailerName(p.retailer),
        (ps) => money(max(ps.map((p) => p.totalCents))),
      ),
  ],
  [
    'How many online purchases by month this year',
    () =>
      grouped(
        purchasesOf('team_a', { from: '2026-01-01', to: '2027-01-01' }, (p) => p.type === 'online'),
        (p) => p.date.slice(0, 7),
        count,
        true,
      ),
  ],
  [
    'Spend at Target by month since December 2025',
    () =>
      grouped(
        purchasesOf('team_a', { from: '2025-12-01' }, (p) => p.retailer === 'target'),
        (p) => p.date.slice(0, 7),
        spend,
        true,
      ),
  ],
  ['Units sold by product', () => grouped(itemsOf(purchasesOf('team_a')), (i) => i.product?.name ?? null, units)],
  [
    'Top 2 products by units sold this year',
    () =>
      grouped(
        itemsOf(purchasesOf('team_a', { from: '2026-01-01', to: '2027-01-01' })),
        (i) => i.product?.name ?? null,
        units,
        false,
        2,
      ),
  ],
  [
    'Best-selling products last month',
    () =>
      grouped(
        itemsOf(purchasesOf('team_a', { from: '2026-03-01', to: '2026-04-01' })),
        (i) => i.product?.name ?? null,
        units,
        false,
        5,
      ),
  ],
  [
    'Sales by brand in March 2026',
    () =>
      grouped(
        itemsOf(purchasesOf('team_a', { from: '2026-03-01', to: '2026-04-01' })),
        (i) => i.brand,
        (items) => money(sum(items.map(amount))),
      ),
  ],
  ['Units sold by brand', () => grouped(itemsOf(purchasesOf('team_a')), (i) => i.brand, units)],
  [
    'How many distinct products were bought',
    () => [[new Set(itemsOf(purchasesOf('team_a')).flatMap((i) => (i.product ? [i.product.id] : []))).size]],
  ],
  [
    'How many brands',
    () => [[new Set(itemsOf(purchasesOf('team_a')).flatMap((i) => (i.brand ? [i.brand] : []))).size]],
  ],
  [
    'Total spend on Acme',
    () => [
      [
        money(
          sum(
            itemsOf(purchasesOf('team_a'))
              .filter((i) => i.brand === 'Acme')
              .map(amount),
          ),
        ),
      ],
    ],
  ],
  [
    'Units of Acme Soap sold last month',
    () => [
      [
        units(
          itemsOf(purchasesOf('team_a', { from: '2026-03-01', to: '2026-04-01' })).filter(
            (i) => i.product?.id === 'prod_soap',
          ),
        ),
      ],
    ],
  ],
  [
    'How many purchases included Zenith Tea',
    () => [
      [
        new Set(
          itemsOf(purchasesOf('team_a'))
            .filter((i) => i.product?.id === 'prod_tea')
            .map((i) => i.purchase.id),
        ).size,
      ],
    ],
  ],
  [
    'How many items were bought in 2026',
    () => [[itemsOf(purchasesOf('team_a', { from: '2026-01-01', to: '2027-01-01' })).length]],
  ],
  [
    'Average item price at Amazon',
    () => [[money(avg(itemsOf(purchasesOf('team_a', {}, (p) => p.retailer === 'amazon')).map((i) => i.priceCents)))]],
  ],
  ['How many connections', () => [[connectionsOf('team_a').length]]],
  ['How many active connections', () => [[connectionsOf('team_a', (c) => c.status === 'active').length]]],
  [
    'Connections by status',
    () =>
      grouped(
        connectionsOf('team_a'),
        (c) => c.status,
        (cs) => cs.length,
      ),
  ],
  [
    'How many active connections by retailer',
    () =>
      grouped(
        connectionsOf('team_a', (c) => c.status === 'active'),
        (c) => retailerName(c.retailer),
        (cs) => cs.length,
      ),
  ],
  ['How many distinct customers', () => [[new Set(connectionsOf('team_a').map((c) => c.customer)).size]]],
  [
    'How many unauthenticated connections at Walmart',
    () => [[connectionsOf('team_a', (c) => c.status === 'unauthenticated' && c.retailer === 'walmart').length]],
  ],
  ['New connections in 2026', () => [[connectionsOf('team_a', (c) => c.createdAt >= '2026-01-01').length]]],
  ['How many simulated purchases', () => [[purchasesOf('team_a', {}, (p) => p.simulated).length]]],
  [
    'How many real purchases last month',
    () => [[purchasesOf('team_a', { from: '2026-03-01', to: '2026-04-01' }, (p) => !p.simulated).length]],
  ],
  [
    'Purchases from active connections by retailer',
    () =>
      grouped(
        purchasesOf(
          'team_a',
          {},
          (p) => connectionsOf('team_a').find((c) => c.id === p.connection)!.status === 'active',
        ),
        (p) => retailerName(p.retailer),
        count,
      ),
  ],
  [
    'Compare total spend in March 2026 and February 2026',
    () => [
      [
        spend(purchasesOf('team_a', { from: '2026-03-01', to: '2026-04-01' })),
        spend(purchasesOf('team_a', { from: '2026-02-01', to: '2026-03-01' })),
      ],
    ],
  ],
  [
    'How many purchases this month vs last month',
    () => [
      [
        count(purchasesOf('team_a', { from: '2026-04-01', to: '2026-05-01' })),
        count(purchasesOf('team_a', { from: '2026-03-01', to: '2026-04-01' })),
      ],
    ],
  ],
  [
    'Compare average purchase total in 2025 with 2026',
    () => [
      [
        money(avg(purchasesOf('team_a', { from: '2025-01-01', to: '2026-01-01' }).map((p) => p.totalCents))),
        money(avg(purchasesOf('team_a', { from: '2026-01-01', to: '2027-01-01' }).map((p) => p.totalCents))),
      ],
    ],
  ],
  [
    'Spend by retailer in January 2026 compared to February 2026',
    () => {
      const jan = { from: '2026-01-01', to: '2026-02-01' };
      const feb = { from: '2026-02-01', to: '2026-03-01' };
      const rows = purchasesOf('team_a', { from: jan.from, to: feb.to });
      const names = [...new Set(rows.map((p) => retailerName(p.retailer)))].sort();
      const table = names.map(
        (name) =>
          [
            name,
            spend(rows.filter((p) => retailerName(p.retailer) === name && within(p.date, jan))),
            spend(rows.filter((p) => retailerName(p.retailer) === name && within(p.date, feb))),
          ] as Value[],
      );
      return table.sort((a, b) => Number(b[1] ?? -Infinity) - Number(a[1] ?? -Infinity) || (a[0]! < b[0]! ? -1 : 1));
    },
  ],
  [
    'Show the 5 most recent purchases',
    () =>
      purchasesOf('team_a')
        .sort((a, b) => (a.date < b.date ? 1 : -1))
        .slice(0, 5)
        .map((p) => [p.id, p.date, retailerName(p.retailer), p.type, money(p.totalCents)]),
  ],
  [
    'List the 3 largest purchases at Walmart',
    () =>
      purchasesOf('team_a', {}, (p) => p.retailer === 'walmart')
        .sort((a, b) => b.totalCents - a.totalCents || (a.id < b.id ? -1 : 1))
        .slice(0, 3)
        .map((p) => [p.id, p.date, retailerName(p.retailer), p.type, money(p.totalCents)]),
  ],
);

const normalize = (value: unknown): Value => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)))
    return Number(value).toFixed(2);
  return String(value);
};
const rowsOf = (answer: AskAnswer) => {
  if ('error' in answer) throw new Error(`ask answered error: ${answer.error}`);
  return answer.results.map((row) => answer.fields.map((field) => normalize(row[field])));
};

describe('ask: questions and their answers on the seeded read model', () => {
  it('has at least 150 questions', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(150);
  });

  it.each(CASES)('%s', async (text, expected) => {
    const answer = await ask.ask(connectorA, text, NOW);
    expect(rowsOf(answer)).toEqual(expected().map((row) => row.map(normalize)));
    if (!('error' in answer)) expect(answer.result_count).toBe(answer.results.length);
  });
});

/**
 * Issue 29, "What was seen": questions an analyst asked that the earlier grammar answered wrong or refused. Units are
 * summed quantities (it counted item lines); questions about shoppers' spending are answered per customer (they were
 * refused with "Connections have no amounts to add up"), and so are the amount components.
 */
const customerOf = (p: SeedPurchase) => model.data.connections.find((c) => c.id === p.connection)!.customer;
const MARCH = { from: '2026-03-01', to: '2026-04-01' };
const SEEN: Array<[string, Expected]> = [
  ['How many units were bought in total?', () => [[units(itemsOf(purchasesOf('team_a')))]]],
  [
    'How many units of Acme were sold last month?',
    () => [[units(itemsOf(purchasesOf('team_a', MARCH)).filter((i) => i.brand === 'Acme'))]],
  ],
  [
    'Average units per purchase',
    () => [[money(Math.round((100 * units(itemsOf(purchasesOf('team_a')))!) / purchasesOf('team_a').length))]],
  ],
  [
    'Which 2 products had the most units bought at Target?',
    () =>
      grouped(
        itemsOf(purchasesOf('team_a', {}, (p) => p.retailer === 'target')),
        (i) => i.product?.name ?? null,
        units,
        false,
        2,
      ),
  ],
  ['Which shopper spent the most?', () => grouped(purchasesOf('team_a'), customerOf, spend, false, 1)],
  ['Top 5 shoppers by spend', () => grouped(purchasesOf('team_a'), customerOf, spend, false, 5)],
  [
    'Top 3 customers by number of orders in 2026',
    () => grouped(purchasesOf('team_a', { from: '2026-01-01', to: '2027-01-01' }), customerOf, count, false, 3),
  ],
  [
    'Average spend per shopper',
    () => {
      const ps = purchasesOf('team_a');
      return [[money(Math.round(sum(ps.map((p) => p.totalCents))! / new Set(ps.map(customerOf)).size))]];
    },
  ],
  ['How much did shoppers pay in shipping?', () => [[money(sum(purchasesOf('team_a').map((p) => p.shippingCents)))]]],
  [
    'How much tax did shoppers pay at Target last month?',
    () => [[money(sum(purchasesOf('team_a', MARCH, (p) => p.retailer === 'target').map((p) => p.taxCents)))]],
  ],
  [
    'What fees did shoppers pay in 2026?',
    () => [[money(sum(purchasesOf('team_a', { from: '2026-01-01' }).map((p) => p.feesCents)))]],
  ],
  [
    'How much did shoppers save with discounts?',
    () => [[money(sum(purchasesOf('team_a').map((p) => p.discountsCents)))]],
  ],
  [
    'Shipping by retailer last month',
    () =>
      grouped(
        purchasesOf('team_a', MARCH),
        (p) => retailerName(p.retailer),
        (ps) => money(sum(ps.map((p) => p.shippingCents))),
      ),
  ],
];

describe('ask: what analysts asked and got wrong before (issue 29)', () => {
  it.each(SEEN)('%s', async (text, expected) => {
    expect(rowsOf(await ask.ask(connectorA, text, NOW))).toEqual(expected().map((row) => row.map(normalize)));
  });
});

describe('ask: refusals', () => {
  const REFUSED = [
    'SELECT * FROM mcp.purchases',
    'select count(*) from auth.api_keys',
    'How many purchases; DROP TABLE mcp.purchases',
    "How many purchases at Target' OR 1=1 --",
    'purchases where 1=1 or team_id = team_b',
    'DROP TABLE mcp.purchases',
    'delete from mcp.items where true',
    'update mcp.purchases set total = 0',
    'insert into mcp.purchases values (1)',
    'How many purchases /* team_b */',
    'total spend union select secret from auth.api_keys',
    'show pg_sleep(10)',
    "what is current_setting('mcp.team_id')",
    'with x as (select 1) select * from x',
    'What is the weather in Paris',
    'Tell me a joke',
    'asdf qwerty',
    '',
  ];
  it.each(REFUSED)('refuses %j with an error naming what can be asked', async (text) => {
    const answer = await ask.ask(connectorA, text, NOW);
    expect('error' in answer).toBe(true);
    if ('error' in answer) expect(answer.error.length).toBeGreaterThan(10);
  });

  it('names what can be asked when a question cannot be read', async () => {
    const answer = await ask.ask(connectorA, 'What is the meaning of life', NOW);
    expect(answer).toEqual({ error: expect.stringContaining('by retailer, day, week, month, year') });
  });
});

describe('ask: team scoping in the database', () => {
  it("answers team B's questions from team B's rows only", async () => {
    const answer = await ask.ask({ teamId: 'team_b', clientId: 'client_b' }, 'How many purchases', NOW);
    expect(rowsOf(answer)).toEqual([[normalize(purchasesOf('team_b').length)]]);
  });

  it('shows a tampered statement only the team of the transaction (row-level security)', async () => {
    const query = new TeamQuery(model.service);
    const tampered = await query.run<{ n: number }>(
      'team_b',
      `SELECT count(*)::int AS n FROM mcp.purchases WHERE team_id = 'team_a' OR true`,
    );
    expect(tampered.rows).toEqual([{ n: purchasesOf('team_b').length }]);
    const items = await query.run<{ teams: string[] }>(
      'team_b',
      `SELECT array_agg(DISTINCT team_id) AS teams FROM mcp.items`,
    );
    expect(items.rows).toEqual([{ teams: ['team_b'] }]);
    const none = await query.run<{ n: number }>('team_nobody', 'SELECT count(*)::int AS n FROM mcp.connections');
    expect(none.rows).toEqual([{ n: 0 }]);
  });

  it('cannot write, change its team or reach other schemas', async () => {
    const query = new TeamQuery(model.service);
    await expect(query.run('team_b', `DELETE FROM mcp.purchases`)).rejects.toThrow(
      /read-only transaction|permission denied/,
    );
    await expect(query.run('team_b', `SELECT * FROM mcp.query_audit`)).rejects.toThrow(/permission denied/);
    await expect(query.run('team_b', `SELECT * FROM mcp.inbox`)).rejects.toThrow(/permission denied/);
    // One statement per call (extended protocol): nothing can be smuggled behind a SELECT.
    await expect(query.run('team_b', `SELECT 1; RESET ROLE; SELECT count(*) FROM mcp.purchases`)).rejects.toThrow(
      /multiple commands/,
    );
  });
});

describe('ask: limits', () => {
  const limitedSettings = (queriesPerMinute: number) => askSettings(queriesPerMinute);

  it('answers at most the configured questions a minute per connector', async () => {
    const settings = limitedSettings(3);
    const limited = new AskService(model.service, new TeamQuery(model.service), settings);
    const connector = { teamId: 'team_a', clientId: 'client_rate_limited' };
    for (let index = 0; index < 3; index += 1) {
      expect('error' in (await limited.ask(connector, 'How many purchases', NOW))).toBe(false);
    }
    expect(await limited.ask(connector, 'How many purchases', NOW)).toEqual({
      error: expect.stringContaining('Rate limit'),
    });
    // Another connector of the same team has its own allowance.
    expect(
      'error' in (await limited.ask({ teamId: 'team_a', clientId: 'client_other' }, 'How many purchases', NOW)),
    ).toBe(false);
  });

  it('holds the limit under concurrency: 12 parallel asks over a limit of 5 answer exactly 5', async () => {
    const settings = limitedSettings(5);
    // Two services on one database stand for two replicas.
    const replicas = [0, 1].map(() => new AskService(model.service, new TeamQuery(model.service), settings));
    const connector = { teamId: 'team_a', clientId: 'client_parallel' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => replicas[index % 2]!.ask(connector, 'How many purchases', NOW)),
    );
    expect(answers.filter((answer) => !('error' in answer))).toHaveLength(5);
    expect(answers.filter((answer) => 'error' in answer && answer.error.startsWith('Rate limit'))).toHaveLength(7);
  });

  it('returns at most 100 rows', async () => {
    const answer = await ask.ask(connectorA, 'Show the 500 most recent purchases', NOW);
    expect(rowsOf(answer).length).toBe(100);
  });
});

describe('ask: the optional OpenAI-compatible translator (a fake endpoint)', () => {
  let server: Server;
  let answerSql = '';
  const requests: Array<{
    path: string;
    authorization?: string;
    body: { model: string; messages: Array<{ content: string }> };
  }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(body) });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: answerSql } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const withModel = () => {
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
    const settings = new McpSettings(
      'http://127.0.0.1:1/mcp',
      'http://127.0.0.1:2',
      'http://127.0.0.1:2/jwks',
      'http://127.0.0.1:3',
      100_000,
      {
        url,
        model: 'fake-model',
        apiKey: 'fake-key',
      },
    );
    return new AskService(model.service, new TeamQuery(model.service), settings);
  };

  it('is asked only for questions the grammar cannot read, and its SQL runs under the same scoping', async () => {
    answerSql = "```sql\nSELECT count(*)::int AS n FROM mcp.purchases WHERE team_id IN ('team_a', 'team_b');\n```";
    const before = requests.length;
    expect(rowsOf(await withModel().ask(connectorA, 'How many purchases', NOW))).toEqual([
      [normalize(purchasesOf('team_a').length)],
    ]);
    expect(requests.length).toBe(before);
    const answer = await withModel().ask({ teamId: 'team_b', clientId: 'model' }, 'Tell me about the ledger', NOW);
    expect(requests.length).toBe(before + 1);
    expect(requests.at(-1)).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer fake-key',
      body: { model: 'fake-model' },
    });
    // Row-level security keeps team B's answer to team B's rows, whatever the model wrote.
    expect(rowsOf(answer)).toEqual([[normalize(purchasesOf('team_b').length)]]);
  });

  it.each([
    ['DELETE FROM mcp.purchases', 'only a plain SELECT'],
    ['SELECT * FROM auth.api_keys', 'relation auth.api_keys'],
    ['SELECT 1; DROP TABLE mcp.purchases', 'exactly one statement'],
    ['SELECT pg_sleep(10)', 'function pg_sleep'],
    ['SELECT * FROM mcp.purchases UNION SELECT * FROM mcp.purchases', 'plain SELECT'],
    ['this is not sql', 'does not parse'],
  ])('refuses the model statement %j', async (sql, reason) => {
    answerSql = sql;
    const answer = await withModel().ask(connectorA, 'Something the grammar cannot read at all', NOW);
    expect(answer).toEqual({ error: expect.stringContaining(reason) });
  });

  it('still refuses SQL in the question without asking the model', async () => {
    const before = requests.length;
    expect(await withModel().ask(connectorA, 'SELECT * FROM mcp.purchases', NOW)).toEqual({
      error: expect.stringContaining('SQL'),
    });
    expect(requests.length).toBe(before);
  });
});
