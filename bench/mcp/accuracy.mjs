// Accuracy of `ask`: every question of the corpus (accuracy-corpus.mjs, tuned; accuracy-held-out.mjs, held out) is
// asked through mcp-server's own AskService on a seeded read model, and its answer compared with its intent's
// hand-written reference SQL (accuracy-intents.mjs) run as the same team under the same row-level security. Prints
// the corpus and held-out sizes, accuracy overall and by intent, and the questions answered wrong. Asserts nothing.
//
//   node tools/build.mjs && node bench/mcp/accuracy.mjs [--purchases 20000] [--team team_1] [--failures]
import { parseArgs } from 'node:util';
import { tunedCorpus } from './accuracy-corpus.mjs';
import { HELD_OUT_2 } from './accuracy-held-out-2.mjs';
import { HELD_OUT_3 } from './accuracy-held-out-3.mjs';
import { HELD_OUT, NOW } from './accuracy-held-out.mjs';
import { referenceSql } from './accuracy-intents.mjs';
import { load, openReadModel } from './read-model.mjs';
import { seedReadModel } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    purchases: { type: 'string', default: '20000' },
    team: { type: 'string', default: 'team_1' },
    failures: { type: 'boolean', default: false },
  },
});

const { AskService } = await load('apps/mcp-server/src/ask/ask.service.js');
const { TeamQuery } = await load('apps/mcp-server/src/ask/team-query.js');
const { McpSettings } = await load('apps/mcp-server/src/mcp/mcp-settings.js');

const model = await openReadModel();
try {
  // 2,000 connections (about 330 shoppers a team), so shoppers have several purchases each.
  await seedReadModel(model.admin, { purchases: Number(args.purchases), now: NOW, connections: 2_000 });
  // The bulk load has no discounts or fees: give some purchases of each, deterministically, in their totals too.
  await model.admin.query(`UPDATE mcp.purchases SET
      discounts = CASE WHEN abs(hashtext(purchase_id)) % 4 = 0 THEN round(items_subtotal * 0.1, 2) ELSE 0 END,
      fees = CASE WHEN abs(hashtext(purchase_id || 'f')) % 3 = 0 THEN 1.50 ELSE 0 END`);
  await model.admin.query(`UPDATE mcp.purchases SET total = items_subtotal - discounts + shipping + fees + tax`);
  await model.admin.query('VACUUM ANALYZE');

  const settings = new McpSettings(
    'http://127.0.0.1:1/mcp',
    'http://127.0.0.1:2',
    'http://127.0.0.1:2/jwks',
    'http://127.0.0.1:3',
    1_000_000,
    null,
  );
  const teamQuery = new TeamQuery(model.service);
  const ask = new AskService(model.service, teamQuery, settings);
  const connector = { teamId: args.team, clientId: 'accuracy' };

  // Parts: the tuned corpus and the held-out files (see README). A tuned phrasing that happens to equal a held-out
  // question is left out of the tuned part.
  const PARTS = [
    ['held out 1', HELD_OUT],
    ['held out 2', HELD_OUT_2],
    ['held out 3', HELD_OUT_3],
  ];
  const heldOutQuestions = new Set(PARTS.flatMap(([, questions]) => questions.map(([question]) => question)));
  const corpus = [
    ...tunedCorpus()
      .filter(([question]) => !heldOutQuestions.has(question))
      .map((entry) => [...entry, 'tuned']),
    ...PARTS.flatMap(([part, questions]) => questions.map((entry) => [...entry, part])),
  ];

  const results = [];
  for (const [question, intent, intentArgs, part] of corpus) {
    const reference = referenceSql(intent, intentArgs);
    const answer = await ask.ask(connector, question, NOW);
    let expected = null;
    if (reference) {
      const { fields, rows } = await teamQuery.run(args.team, reference.sql, reference.params);
      expected = rows.map((row) => fields.map((_, index) => Object.values(row)[index]));
    }
    const verdict = judge(reference?.mode ?? 'refused', intentArgs, answer, expected);
    results.push({ question, intent, part, ...verdict, answer, expected });
  }

  const share = (rows) => `${rows.filter((r) => r.ok).length}/${rows.length} (${pct(rows)})`;
  const intents = [...new Set(results.map((r) => r.intent))];
  const parts = ['tuned', ...PARTS.map(([part]) => part)];
  const ofPart = (rows, part) => rows.filter((r) => r.part === part);
  const heldOut = results.filter((r) => r.part !== 'tuned');
  console.log(
    `corpus: ${results.length} questions over ${intents.length} intents ` +
      `(${parts.map((part) => `${ofPart(results, part).length} ${part}`).join(', ')}); ` +
      `read model: ${args.purchases} purchases, asked as ${args.team}, now ${NOW.toISOString()}`,
  );
  console.log(
    `accuracy: whole corpus ${share(results)}; all held out ${share(heldOut)}; ` +
      `${parts.map((part) => `${part} ${share(ofPart(results, part))}`).join('; ')}\n`,
  );
  const width = Math.max(...intents.map((intent) => intent.length));
  const columns = ['corpus', ...PARTS.map(([part]) => part)];
  console.log(`${'intent'.padEnd(width)}  ${columns.map((column) => column.padStart(14)).join('  ')}`);
  for (const intent of intents.sort()) {
    const all = results.filter((r) => r.intent === intent);
    const cells = [all, ...PARTS.map(([part]) => ofPart(all, part))].map((rows) =>
      (rows.length ? share(rows) : '-').padStart(14),
    );
    console.log(`${intent.padEnd(width)}  ${cells.join('  ')}`);
  }
  const wrong = results.filter((r) => !r.ok);
  if (wrong.length > 0) {
    console.log(`\nanswered wrong (${wrong.length}):`);
    for (const r of wrong) {
      console.log(`  [${r.part}] ${r.intent}: "${r.question}" -- ${r.why}`);
      if (args.failures) {
        console.log(`      answer:   ${JSON.stringify('error' in r.answer ? r.answer : r.answer.results.slice(0, 3))}`);
        console.log(`      expected: ${JSON.stringify(r.expected?.slice(0, 3))}`);
      }
    }
  }
} finally {
  await model.close();
}

function pct(rows) {
  return rows.length === 0 ? '-' : `${((100 * rows.filter((r) => r.ok).length) / rows.length).toFixed(1)}%`;
}

/** A value as compared: numbers (and numeric strings) to two decimals, everything else as text. */
function norm(value) {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))) {
    return Number(value).toFixed(2);
  }
  return String(value);
}
function key(row) {
  return JSON.stringify(row.map(norm));
}

/** Whether `answer` is right for a reference of `mode`, and if not, why. */
function judge(mode, intentArgs, answer, expected) {
  if (mode === 'refused') return 'error' in answer ? { ok: true } : { ok: false, why: 'answered, should be refused' };
  if ('error' in answer) return { ok: false, why: `refused: ${answer.error.slice(0, 90)}` };
  const rows = answer.results.map((row) => answer.fields.map((field) => row[field]));
  const got = rows.map(key);
  const want = expected.map(key);
  switch (mode) {
    case 'value':
      return got.length === 1 && got[0] === want[0]
        ? { ok: true }
        : { ok: false, why: `got ${got.slice(0, 2).join(' ')} want ${want[0]}` };
    case 'first':
      return got.length >= 1 && got[0] === want[0]
        ? { ok: true }
        : { ok: false, why: `first row ${got[0]} want ${want[0]}` };
    case 'group': {
      if (got.join('\n') === want.join('\n')) return { ok: true };
      if (!intentArgs.n && [...got].sort().join('\n') === [...want].sort().join('\n')) return { ok: true };
      const prefix = got.length >= Math.min(5, want.length) && got.every((row, index) => row === want[index]);
      if (!intentArgs.n && prefix) return { ok: true };
      return {
        ok: false,
        why: `got ${got.length} rows (${got.slice(0, 2).join(' ')}) want ${want.length} (${want.slice(0, 2).join(' ')})`,
      };
    }
    default:
      throw new Error(`unknown mode ${mode}`);
  }
}
