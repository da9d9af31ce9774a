// `ask` on a read model of 1,000,000 purchases: loads a throwaway database (mcp-server's migrations, then a bulk
// load by generate_series, VACUUM ANALYZE), then asks a fixed mix of questions through mcp-server's own AskService
// (grammar, guard, audit and rate-limit rows, a READ ONLY transaction as cps_mcp_query with the team set, so
// row-level security applies) and prints p50/p95/p99 per question and overall. Asserts nothing.
//
//   node tools/build.mjs && node bench/mcp/ask.mjs [--purchases 1000000] [--rounds 20] [--team team_1]
//        [--keep] [--database URL] [--explain]
//
// --keep leaves the database (its URL is printed) and --database URL reuses one without loading it again;
// --explain prints EXPLAIN (ANALYZE, BUFFERS) of each question's statement as it runs under row-level security.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { load, ms, openReadModel, percentile } from './read-model.mjs';
import { seedReadModel, TEAMS } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    purchases: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '20' },
    team: { type: 'string', default: 'team_1' },
    keep: { type: 'boolean', default: false },
    database: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});

/** Relative dates in the questions are read against this instant; the data spans the two years before it. */
const NOW = new Date('2026-04-15T12:00:00.000Z');

export const QUESTIONS = [
  'How many purchases in the last 30 days?',
  'Total spend by retailer in March 2026',
  'Average purchase total by month since January',
  'Top 5 products by units sold this year',
  'Revenue by brand last month',
  'How many active connections by retailer?',
  'Number of distinct customers',
  'Online vs in store purchases yesterday',
  'Largest purchase at Target',
  'Compare total spend in March 2026 and February 2026',
  'Show the 10 most recent purchases over $50',
  'Total spend by week in the last 90 days',
  'How many purchases by day last week',
  'Total spend',
  'Sales of Acme by month this year',
  'How many purchases at Walmart in 2025',
  'Average basket size by retailer',
  'Total tax by year',
  'How many unmatched items last month',
  'Total spend of purchases by status this year',
  'Number of distinct products sold at Amazon this year',
  'Top 3 brands by units sold in 2025',
  'Top 5 shoppers by spend this year',
  'How much shipping did shoppers pay last month?',
  'Average units per purchase in 2025',
  'How many shoppers bought Acme last quarter?',
];

const { AskService } = await load('apps/mcp-server/src/ask/ask.service.js');
const { TeamQuery } = await load('apps/mcp-server/src/ask/team-query.js');
const { McpSettings } = await load('apps/mcp-server/src/mcp/mcp-settings.js');
const { translate } = await load('libs/domain/src/index.js');

const model = await openReadModel({ url: args.database });
try {
  if (!args.database) {
    const started = performance.now();
    const counts = await seedReadModel(model.admin, { purchases: Number(args.purchases), now: NOW });
    const loaded = performance.now();
    await model.admin.query('VACUUM ANALYZE');
    console.log(
      `loaded ${counts.purchases.toLocaleString('en')} purchases, ${counts.items.toLocaleString('en')} items, ` +
        `${counts.connections.toLocaleString('en')} connections in ${((loaded - started) / 1000).toFixed(1)} s; ` +
        `VACUUM ANALYZE ${((performance.now() - loaded) / 1000).toFixed(1)} s`,
    );
  }
  const [{ n: teamPurchases }] = await model.admin.query(
    `SELECT count(*)::int AS n FROM mcp.purchases WHERE team_id = $1`,
    [args.team],
  );
  console.log(
    `asking as ${args.team} (${teamPurchases.toLocaleString('en')} purchases of its own; teams ${TEAMS.map((t) => t[0]).join(', ')})`,
  );

  const settings = new McpSettings(
    'http://127.0.0.1:1/mcp',
    'http://127.0.0.1:2',
    'http://127.0.0.1:2/jwks',
    'http://127.0.0.1:3',
    1_000_000,
    null,
  );
  const ask = new AskService(model.service, new TeamQuery(model.service), settings);
  const connector = { teamId: args.team, clientId: 'bench' };

  // Every question must be one the grammar reads: a refusal would time the error path.
  for (const question of QUESTIONS) {
    const answer = await ask.ask(connector, question, NOW);
    if ('error' in answer) throw new Error(`"${question}" is not answered: ${answer.error}`);
  }

  if (args.explain) await explain(model, ask, connector);

  const times = new Map(QUESTIONS.map((question) => [question, []]));
  const rounds = Number(args.rounds);
  for (let round = 0; round < rounds; round += 1) {
    for (const question of QUESTIONS) {
      const started = performance.now();
      await ask.ask(connector, question, NOW);
      times.get(question).push(performance.now() - started);
    }
  }
  const rows = [];
  const all = [];
  for (const [question, values] of times) {
    values.sort((a, b) => a - b);
    all.push(...values);
    rows.push([question, percentile(values, 50), percentile(values, 95), percentile(values, 99)]);
  }
  all.sort((a, b) => a - b);
  const width = Math.max(...QUESTIONS.map((q) => q.length));
  console.log(`\n${'question'.padEnd(width)}  ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)}`);
  for (const [question, p50, p95, p99] of rows) {
    console.log(`${question.padEnd(width)}  ${ms(p50).padStart(10)} ${ms(p95).padStart(10)} ${ms(p99).padStart(10)}`);
  }
  console.log(
    `${'overall'.padEnd(width)}  ${ms(percentile(all, 50)).padStart(10)} ${ms(percentile(all, 95)).padStart(10)} ${ms(
      percentile(all, 99),
    ).padStart(10)}   (${all.length} asks, ${rounds} rounds)`,
  );
} finally {
  if (args.keep || args.database) console.log(`database kept: ${model.url}`);
  await model.close({ drop: !(args.keep || args.database) });
}

/** EXPLAIN ANALYZE of each question's statement, run as `ask` runs it (cps_mcp_query, the team set, READ ONLY). */
async function explain(model, ask, connector) {
  for (const question of QUESTIONS) {
    const translation = translate(question, await ask.vocabulary(connector.teamId), NOW);
    const runner = model.service.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('BEGIN TRANSACTION READ ONLY');
      await runner.query(`SELECT set_config('mcp.team_id', $1, true), set_config('TimeZone', 'UTC', true)`, [
        connector.teamId,
      ]);
      await runner.query('SET LOCAL ROLE cps_mcp_query');
      const plan = await runner.query(`EXPLAIN (ANALYZE, BUFFERS) ${translation.sql}`, translation.params);
      console.log(`\n--- ${question}\n${translation.sql}\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);
      await runner.query('ROLLBACK');
    } finally {
      await runner.release();
    }
  }
}
