import { HttpException } from '@nestjs/common';
import { ContractViolation, describeViolations } from '@cps/contracts';

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
