import { HttpException } from '@nestjs/common';
import { ContractViolation, describeViolations } from '@cps/contracts';
import { type Response } from 'express';

interface ValidationEntry {
  loc?: unknown[];
  msg?: string;
}

/**
 * What a service's refusal says, for a person: `{detail: "..."}` as it is, the 422 list of the REST API's
 * shape (`[{loc, msg}]`) as "field: message" lines.
 */
export function refusalText(error: unknown): string {
  if (!(error instanceof HttpException)) return 'The request failed.';
  const body = error.getResponse();
  const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : body;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return (detail as ValidationEntry[])
      .map((entry) => {
        const field = Array.isArray(entry.loc) ? entry.loc.filter((part) => part !== 'body').join('.') : '';
        return field ? `${field}: ${entry.msg ?? 'invalid'}` : (entry.msg ?? 'invalid');
      })
      .join('; ');
  }
  return error.message;
}

/**
 * Runs a change; a 4xx refusal becomes its text (shown on the page), and so does a request the contract's own rules
 * refuse before it is sent (RpcClient checks every request: an http logo address, a history window of "ten");
 * anything else is thrown on.
 */
export async function attempt<T>(
  change: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    return { ok: true, value: await change() };
  } catch (error) {
    if (error instanceof ContractViolation) return { ok: false, error: describeViolations(error.errors) };
    if (error instanceof HttpException && error.getStatus() >= 400 && error.getStatus() < 500) {
      return { ok: false, error: refusalText(error) };
    }
    throw error;
  }
}

/**
 * A change posted from a page: done, the browser goes to `done` (redirect-after-post with a notice code); refused,
 * the page is shown again with the refusal (`refusedPage` makes it) and `status`.
 */
export async function changeThenRedirect(
  res: Response,
  change: () => Promise<unknown>,
  done: string,
  refusedPage: (error: string) => Promise<string> | string,
  status = 422,
): Promise<void> {
  const result = await attempt(change);
  if (result.ok) {
    res.redirect(303, done);
    return;
  }
  sendPage(res, status, await refusedPage(result.error));
}

/** Answers `page` (HTML) with `status`. */
export function sendPage(res: Response, status: number, page: string): void {
  res.status(status).type('html').send(page);
}
