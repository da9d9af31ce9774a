/** What came back from one HTTP attempt: a status code, or an error before any status (network, timeout). */
/** What an attempt got: a status (and the start of the receiver's answer, to show), or an error before one. */
export type AttemptResult = { statusCode: number; responseBody?: string } | { error: string };

/**
 * `succeeded`: a 2xx. `disable`: 410 Gone, the receiver asks us to stop sending. `retry`: anything else,
 * including redirects (never followed: a moved endpoint must be re-registered), 4xx, 5xx and errors.
 */
export type AttemptOutcome = 'succeeded' | 'retry' | 'disable';

export function classifyAttempt(result: AttemptResult): AttemptOutcome {
  if (!('statusCode' in result)) return 'retry';
  const { statusCode } = result;
  if (statusCode >= 200 && statusCode <= 299) return 'succeeded';
  if (statusCode === 410) return 'disable';
  return 'retry';
}
