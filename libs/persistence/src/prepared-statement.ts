import type { Pool, QueryResultRow } from 'pg';
import { type DataSource } from 'typeorm';
import { statementName } from './preparing-client.js';

/**
 * A statement of a hot path run as a named prepared statement: Postgres parses and plans it once per pooled
 * connection instead of on every call (on `GET /purchases` that was two thirds of its CPU per query; bench/read,
 * ADR 0018). After five runs Postgres keeps a generic plan when it costs no more than the custom ones.
 *
 * It runs on a connection of the DataSource's pool, outside any transaction, like `DataSource.query`. The name is
 * derived from the text, so one text always has one name on every connection.
 */
export class PreparedStatement<Row extends QueryResultRow> {
  private readonly name: string;

  constructor(private readonly text: string) {
    this.name = statementName(text);
  }

  async run(dataSource: DataSource, values: readonly unknown[]): Promise<Row[]> {
    const result = await poolOf(dataSource).query<Row>({ name: this.name, text: this.text, values: [...values] });
    return result.rows;
  }
}

function poolOf(dataSource: DataSource): Pool {
  // TypeORM's Postgres driver keeps its pg pool as `master` once the DataSource is initialized.
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  if (!pool || dataSource.options.type !== 'postgres') throw new Error('PreparedStatement needs a Postgres DataSource');
  return pool;
}
