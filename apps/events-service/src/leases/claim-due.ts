import { type DataSource } from 'typeorm';

/** A work table whose pending rows are leased by moving next_attempt_at (webhook deliveries, integration awards). */
export interface LeasedWork {
  /** The work table and its alias in the other clauses. */
  table: string;
  alias: string;
  /** The tables joined for what a claim returns, and their join conditions. */
  join: { from: string; on: string };
  returning: string;
}

/** Where a leased row stands, as its listings show it (a delivery's or an award's status and attempts). */
export interface LeasedRowProgress<Status> {
  status: Status;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Leases up to `limit` due rows (pending, next_attempt_at passed) by moving their next_attempt_at past the lease, in
 * one statement with SKIP LOCKED: replicas never take the same row, the work happens outside any transaction, and
 * a row whose process dies becomes due again when the lease ends.
 */
export async function claimDue<Row>(
  dataSource: DataSource,
  work: LeasedWork,
  limit: number,
  leaseMs: number,
): Promise<Row[]> {
  const [claimed]: [Row[], number] = await dataSource.query(
    `WITH due AS (
       SELECT id FROM ${work.table}
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT $1
        FOR UPDATE SKIP LOCKED
     )
     UPDATE ${work.table} ${work.alias}
        SET next_attempt_at = now() + $2 * interval '1 millisecond'
       FROM due, ${work.join.from}
      WHERE ${work.alias}.id = due.id AND ${work.join.on}
     RETURNING ${work.returning}`,
    [limit, leaseMs],
  );
  return claimed;
}
