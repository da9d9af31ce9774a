import { type DataSource, type EntityManager } from 'typeorm';

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

/**
 * A READ COMMITTED transaction begun in one statement (TypeORM's `transaction(level, ...)` takes two round trips:
 * START TRANSACTION, then SET TRANSACTION ISOLATION LEVEL). Committed when `work` resolves, rolled back when it
 * throws.
 */
export async function readCommitted<T>(dataSource: DataSource, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('START TRANSACTION ISOLATION LEVEL READ COMMITTED');
    const result = await work(runner.manager);
    await runner.query('COMMIT');
    return result;
  } catch (error) {
    await runner.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
}
