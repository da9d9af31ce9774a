import { createHash } from 'node:crypto';
import pg from 'pg';

/** A parameterized text run this many times in the process is prepared from then on. */
export const PREPARE_AFTER_RUNS = 3;
/** Named statements one connection prepares at most; past that, new texts run unnamed. */
export const MAX_PREPARED_PER_CONNECTION = 200;
/** Distinct texts counted at once; the counts start over when there are more (one-off texts do not pile up). */
const MAX_COUNTED_TEXTS = 5_000;

const runsByText = new Map<string, number>();
const nameByText = new Map<string, string>();

/** The name a statement text is prepared under: the same on every connection and in every process. */
export function statementName(text: string): string {
  return `cps_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/**
 * A text whose result columns are "all of a table's" (`SELECT *`, `t.*`, `RETURNING *`). Prepared, it would fail
 * with "cached plan must not change result type" on every later run once a migration adds a column to the table
 * (a rolling deploy runs the new schema beside old replicas), so it always runs unnamed. `count(*)` is not one.
 */
const ALL_COLUMNS = /(?:\bselect|\breturning|,)\s*(?:distinct\s+)?(?:"?\w+"?\.)?\*/i;

/** What `nameByText` holds for a text that always runs unnamed (`ALL_COLUMNS`). */
const UNNAMED = '';

/** The name `text` runs under on a connection that has `prepared` statements already, or none (unnamed). */
function nameFor(text: string, prepared: Set<string>): string | undefined {
  let name = nameByText.get(text);
  if (name === undefined) {
    const runs = (runsByText.get(text) ?? 0) + 1;
    if (runs < PREPARE_AFTER_RUNS) {
      if (runsByText.size >= MAX_COUNTED_TEXTS) runsByText.clear();
      runsByText.set(text, runs);
      return undefined;
    }
    runsByText.delete(text);
    name = ALL_COLUMNS.test(text) ? UNNAMED : statementName(text);
    if (nameByText.size < MAX_COUNTED_TEXTS) nameByText.set(text, name);
  }
  if (name === UNNAMED) return undefined;
  if (prepared.has(name)) return name;
  if (prepared.size >= MAX_PREPARED_PER_CONNECTION) return undefined;
  prepared.add(name);
  return name;
}

type Query = pg.Client['query'];

/**
 * The pg client every service's pool opens (`extra.Client` of `schemaDataSourceOptions`): a parameterized statement
 * whose text keeps coming back becomes a named prepared statement on each connection, so Postgres parses and plans
 * it once per connection instead of on every call (like postgres.js's `prepare`). Planning was a large share of
 * Postgres's statement time on the ingest path (figures in ADR 0018). It takes TypeORM's `query(text, values)` calls, in and
 * out of transactions; statements without parameters (BEGIN, COMMIT, DDL, several statements in one text) run as
 * before. Texts built per call (a variable `IN` list) rarely reach the threshold, and a connection prepares at most
 * `MAX_PREPARED_PER_CONNECTION`. Texts that select all of a table's columns stay unnamed (`ALL_COLUMNS`).
 */
export class PreparingClient extends pg.Client {
  /** The names of the statements this connection has prepared. */
  readonly preparedNames = new Set<string>();
}

const plainQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;

function preparingQuery(this: PreparingClient, config: unknown, values?: unknown, callback?: unknown): unknown {
  if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
    const name = nameFor(config, this.preparedNames);
    if (name !== undefined) return plainQuery.call(this, { name, text: config, values }, callback);
  }
  return plainQuery.call(this, config, values, callback);
}

PreparingClient.prototype.query = preparingQuery as Query;
