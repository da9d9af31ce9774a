import { createRequire } from 'node:module';
import type * as PgsqlAstParser from 'pgsql-ast-parser';
import type { QName, SelectFromStatement, Statement } from 'pgsql-ast-parser';
import { ALLOWED_RELATIONS } from './data-model.js';

let parser: typeof PgsqlAstParser | undefined;
/**
 * pgsql-ast-parser, loaded at the first guarded statement: every app imports @cps/domain, only mcp-server parses
 * SQL, and the parser takes megabytes of a process's heap (bench/startup README).
 */
const sqlParser = (): typeof PgsqlAstParser =>
  (parser ??= createRequire(import.meta.url)('pgsql-ast-parser') as typeof PgsqlAstParser);

export const MAX_ASK_ROWS = 100;

/** Functions a statement may call: aggregates and formatting, nothing that reaches outside the query. */
const ALLOWED_FUNCTIONS = new Set([
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'round',
  'coalesce',
  'lower',
  'upper',
  'to_char',
  'date_trunc',
  'date_part',
  'extract',
  'nullif',
  'abs',
  'greatest',
  'least',
  'any',
  'length',
]);

export type GuardVerdict = { ok: true; sql: string } | { ok: false; reason: string };

/**
 * Parses a statement with a real PostgreSQL parser and lets it run only when it is exactly one SELECT (no UNION,
 * WITH, FOR UPDATE or INTO) over the read model's relations, calling only allowed functions. The row limit is
 * forced to at most 100. Returns the statement to run, as the parser prints it.
 */
export function guardSelect(sql: string): GuardVerdict {
  const { astVisitor, parse, toSql } = sqlParser();
  let statements: Statement[];
  try {
    statements = parse(sql);
  } catch {
    return { ok: false, reason: 'the statement does not parse as PostgreSQL' };
  }
  if (statements.length !== 1) return { ok: false, reason: 'exactly one statement is allowed' };
  const statement = statements[0]!;
  if (statement.type !== 'select') return { ok: false, reason: 'only a plain SELECT is allowed' };
  if (statement.for || (statement as { into?: unknown }).into)
    return { ok: false, reason: 'SELECT … FOR/INTO is not allowed' };

  const problems: string[] = [];
  const qualified = (name: QName) => `${name.schema ?? ''}.${name.name}`.toLowerCase();
  const visitor = astVisitor((visit) => ({
    tableRef: (table) => {
      if (!ALLOWED_RELATIONS.includes(qualified(table))) problems.push(`relation ${qualified(table)} is not allowed`);
    },
    from: (from) => {
      if (from.type === 'call') problems.push('functions in FROM are not allowed');
      else visit.super().from(from);
    },
    call: (call) => {
      const name = call.function.name.toLowerCase();
      if (call.function.schema || !ALLOWED_FUNCTIONS.has(name)) problems.push(`function ${name} is not allowed`);
      if (call.over) problems.push('window functions are not allowed');
      visit.super().call(call);
    },
    union: () => problems.push('UNION is not allowed'),
    with: () => problems.push('WITH is not allowed'),
    withRecursive: () => problems.push('WITH is not allowed'),
    insert: () => problems.push('only SELECT is allowed'),
    update: () => problems.push('only SELECT is allowed'),
    delete: () => problems.push('only SELECT is allowed'),
    selection: (select) => {
      if (select.for) problems.push('SELECT … FOR is not allowed');
      visit.super().selection(select);
    },
  }));
  visitor.statement(statement);
  if (problems.length > 0) return { ok: false, reason: problems[0]! };

  const limited: SelectFromStatement = { ...statement, limit: limitOf(statement) };
  return { ok: true, sql: toSql.statement(limited) };
}

function limitOf(statement: SelectFromStatement): SelectFromStatement['limit'] {
  const current = statement.limit?.limit;
  const value = current?.type === 'integer' ? current.value : undefined;
  const limit = value !== undefined && value >= 0 && value <= MAX_ASK_ROWS ? value : MAX_ASK_ROWS;
  return { ...statement.limit, limit: { type: 'integer', value: limit } };
}
