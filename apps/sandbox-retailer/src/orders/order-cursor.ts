/**
 * The list cursor: the number of the last order the caller has seen, made opaque so callers store it
 * rather than compute with it. Order numbers only grow, so "after this cursor" never changes meaning.
 */
const PREFIX = 'o1:';

export function encodeCursor(seq: number): string {
  return Buffer.from(`${PREFIX}${seq}`).toString('base64url');
}

/** The order number after which to list; null when the text is not a cursor this sandbox issued. */
export function decodeCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(PREFIX)) return null;
  const rest = text.slice(PREFIX.length);
  if (!/^(0|[1-9]\d{0,14})$/.test(rest)) return null;
  return Number(rest);
}
