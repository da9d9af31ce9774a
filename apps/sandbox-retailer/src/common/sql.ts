import { type DataSource, type EntityManager } from 'typeorm';

export type Queryable = Pick<DataSource | EntityManager, 'query'>;

/** Rows of a SELECT, or of an INSERT ... RETURNING. */
export async function selectRows<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(sql, params)) as T[];
}

/** An UPDATE or DELETE: TypeORM's postgres driver answers those with `[returned rows, affected count]`. */
export async function changeRows<T = unknown>(
  db: Queryable,
  sql: string,
  params: unknown[] = [],
): Promise<{ rows: T[]; count: number }> {
  const [rows, count] = (await db.query(sql, params)) as [T[], number];
  return { rows, count };
}
