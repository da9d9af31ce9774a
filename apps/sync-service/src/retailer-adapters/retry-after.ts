/** When a 429 names no delay: long enough not to hammer, short enough not to stall an account. */
export const DEFAULT_RATE_LIMIT_DELAY_MS = 60_000;
/** A retailer asking for more than this is treated as asking for this much. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * A Retry-After header (RFC 9110: delay-seconds or an HTTP-date) in milliseconds from `now`; null
 * when absent or unreadable. A date in the past is 0.
 */
export function parseRetryAfter(header: string | null, now: Date): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1_000, MAX_RETRY_AFTER_MS);
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(at - now.getTime(), 0), MAX_RETRY_AFTER_MS);
}
