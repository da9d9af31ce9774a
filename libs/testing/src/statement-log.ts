import { type DataSource } from 'typeorm';

/**
 * Records the text of every statement run through `dataSource.query` (and so through its managers' `query`) from
 * now on: a test counts the statements a piece of work costs. Empty the array to start counting again.
 */
export function logStatements(dataSource: DataSource): string[] {
  const statements: string[] = [];
  const query = dataSource.query.bind(dataSource);
  dataSource.query = ((sql: string, parameters?: unknown[]) => {
    statements.push(sql);
    return query(sql, parameters);
  }) as DataSource['query'];
  return statements;
}
