import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { teamRowSecuritySql } from './team-row-security.js';

/** A summary table: its key, its additive measures (each the sum of an expression over the base rows). */
interface Summary {
  table: string;
  base: string;
  keys: Array<[column: string, type: string, expr: string]>;
  /** `count` is the number of base rows. */
  count: string;
  measures: Array<[column: string, type: string, expr: string]>;
}

export const SUMMARIES: Summary[] = [
  {
    table: 'purchase_days',
    base: 'purchases',
    keys: [
      ['team_id', 'text', 'team_id'],
      ['day', 'timestamptz', `date_trunc('day', purchased_at, 'UTC')`],
      ['retailer_id', 'text', 'retailer_id'],
      ['purchase_type', 'text', 'purchase_type'],
      ['is_simulated', 'boolean', 'is_simulated'],
    ],
    count: 'purchases',
    measures: ['total', 'items_subtotal', 'discounts', 'shipping', 'fees', 'tax']
      .map((column): [string, string, string] => [column, 'numeric', column])
      .concat([['item_count', 'bigint', 'item_count']]),
  },
  {
    table: 'item_months',
    base: 'items',
    keys: [
      ['team_id', 'text', 'team_id'],
      ['month', 'timestamptz', `date_trunc('month', purchased_at, 'UTC')`],
      ['retailer_id', 'text', 'retailer_id'],
      ['is_simulated', 'boolean', 'is_simulated'],
      ['product_id', 'text', 'product_id'],
      ['product_name', 'text', 'product_name'],
      ['brand', 'text', 'coalesce(product_brand, brand)'],
    ],
    count: 'items',
    measures: [
      ['quantity', 'bigint', 'quantity'],
      ['amount', 'numeric', 'amount'],
      ['price', 'numeric', 'price'],
    ],
  },
];

/** `INSERT` of the summary rows of `rows` (a relation of base rows, each counted `sign` times), added to the table. */
export function summarizeSql(summary: Summary, rows: string, sign = ''): string {
  const keys = summary.keys.map(([column]) => column);
  const columns = [...keys, summary.count, ...summary.measures.map(([column]) => column)];
  const values = [`${sign}count(*)`, ...summary.measures.map(([, , expr]) => `${sign}sum(${expr})`)];
  const positions = keys.map((_, index) => index + 1).join(', ');
  return `INSERT INTO mcp.${summary.table} AS s (${columns.join(', ')})
    SELECT ${[...summary.keys.map(([, , expr]) => expr), ...values].join(', ')} FROM ${rows}
    WHERE purchased_at >= visible_from GROUP BY ${positions} ORDER BY ${positions}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${columns
      .slice(keys.length)
      .map((column) => `${column} = s.${column} + EXCLUDED.${column}`)
      .join(', ')}`;
}

/**
 * Summary tables for `ask` on large teams (bench/mcp): per team, UTC day, retailer, purchase type and simulated flag,
 * the number of purchases and the sums of their amounts and item counts; per team, UTC month, retailer, product and
 * brand, the number of items and the sums of their quantities, amounts and prices. The translator answers from them
 * when a question adds up, counts or averages over periods that fall on day (month) boundaries (ADR 0016).
 *
 * They count only the rows `ask` may see (`purchased_at >= visible_from`, the sharing window), and are kept by
 * statement triggers on `mcp.purchases` and `mcp.items` in the transaction that writes the rows, so every writer (the
 * projection's batches, a sharing change, a purge, a rebuild, a bulk load) keeps them: deleted or hidden rows are
 * subtracted, rows of no count left are removed. Upserts go in key order, so two writers lock summary rows in the
 * same order. Row-level security by team as on the base tables; `cps_mcp_query` may only SELECT.
 */
export class AskSummaries1736200000000 implements MigrationInterface {
  name = 'AskSummaries1736200000000';

  async up(q: QueryRunner): Promise<void> {
    for (const summary of SUMMARIES) {
      const keys = summary.keys.map(([column]) => column);
      await q.query(`CREATE TABLE mcp.${summary.table} (
        ${summary.keys.map(([column, type]) => `${column} ${type}${column === 'team_id' ? ' NOT NULL' : ''}`).join(', ')},
        ${summary.count} bigint NOT NULL,
        ${summary.measures.map(([column, type]) => `${column} ${type} NOT NULL`).join(', ')},
        UNIQUE NULLS NOT DISTINCT (${keys.join(', ')})
      )`);
      const { base, table } = summary;
      // Rows a statement brought to no count; the partial index keeps finding them cheap (there are none between
      // statements).
      await q.query(`CREATE INDEX ${table}_empty_idx ON mcp.${table} (team_id) WHERE ${summary.count} = 0`);
      const removed = `DELETE FROM mcp.${table} WHERE ${summary.count} = 0`;
      await q.query(`CREATE FUNCTION mcp.summarize_${base}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP <> 'INSERT' THEN
            ${summarizeSql(summary, 'old_rows', '-')};
          END IF;
          IF TG_OP <> 'DELETE' THEN
            ${summarizeSql(summary, 'new_rows')};
          END IF;
          IF TG_OP <> 'INSERT' THEN
            ${removed};
          END IF;
          RETURN NULL;
        END $$`);
      await q.query(`CREATE TRIGGER ${base}_summarized_inserted AFTER INSERT ON mcp.${base}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mcp.summarize_${base}()`);
      await q.query(`CREATE TRIGGER ${base}_summarized_updated AFTER UPDATE ON mcp.${base}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mcp.summarize_${base}()`);
      await q.query(`CREATE TRIGGER ${base}_summarized_deleted AFTER DELETE ON mcp.${base}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mcp.summarize_${base}()`);
      await q.query(summarizeSql(summary, `mcp.${base}`));

      await q.query(`GRANT SELECT ON mcp.${table} TO cps_mcp_query`);
      for (const sql of teamRowSecuritySql(table)) await q.query(sql);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { base, table } of SUMMARIES) {
      for (const op of ['inserted', 'updated', 'deleted']) {
        await q.query(`DROP TRIGGER ${base}_summarized_${op} ON mcp.${base}`);
      }
      await q.query(`DROP FUNCTION mcp.summarize_${base}()`);
      await q.query(`DROP TABLE mcp.${table}`);
    }
  }
}
