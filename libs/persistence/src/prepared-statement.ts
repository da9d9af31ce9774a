import type { QueryResultRow } from 'pg';
import { type DataSource } from 'typeorm';
import { statementName, typeormPool } from '@cps/patches';

/**
 * A statement of a hot path run as a named prepared statement: Postgres parses and plans it once per pooled
 * connection instead of on every call (most of its CPU per query on `GET /purchases`;
 * figures in ADR 0018). After five runs Postgres keeps a generic plan when it costs no more than the custom ones.
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
    const result = await typeormPool(dataSource).query<Row>({ name: this.name, text: this.text, values: [...values] });
    return result.rows;
  }
}
