/**
 * Cursor paging reads one row more than the page holds: that extra row only says whether another page
 * follows. `rows` must already be in page order and start after the cursor.
 */
export function takePage<T>(rows: readonly T[], limit: number): { items: T[]; hasMore: boolean } {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`page limit must be a positive integer, got ${limit}`);
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** How many rows to read for a page of `limit`. */
export const rowsToRead = (limit: number): number => limit + 1;
