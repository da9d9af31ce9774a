import { type EntityManager } from 'typeorm';

/** A DataSource or a transaction's EntityManager: anything that runs SQL. */
export type Sql = Pick<EntityManager, 'query'>;

/** Rows of `SELECT ...`. */
export async function select<T>(db: Sql, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(sql, params)) as T[];
}

/** Rows of `UPDATE/DELETE ... RETURNING` (TypeORM answers those with `[rows, count]`). */
export async function modify<T>(db: Sql, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = (await db.query(sql, params)) as [T[], number];
  return result[0];
}
