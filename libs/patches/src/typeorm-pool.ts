import type { Pool } from 'pg';
import { type DataSource } from 'typeorm';

/**
 * The pg pool behind an initialized Postgres DataSource. TypeORM keeps it in its driver's private `master` field and
 * offers no public way to it; `PreparedStatement` (libs/persistence) needs it to run a named statement without
 * TypeORM's query runner (figures in ADR 0018 and this folder's README).
 * Fenced by test/framework-patches.int-spec.ts.
 */
export function typeormPool(dataSource: DataSource): Pool {
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  if (!pool || dataSource.options.type !== 'postgres' || typeof pool.query !== 'function') {
    throw new Error('expected an initialized Postgres DataSource (TypeORM driver.master)');
  }
  return pool;
}
