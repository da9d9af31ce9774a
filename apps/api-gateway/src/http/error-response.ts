import { HttpException, HttpStatus } from '@nestjs/common';
import { isTransientError } from '@cps/persistence';
import { type ValidationErrorEntry } from './validation-error.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface ErrorResponse {
  status: number;
  body: { detail: unknown } & Record<string, unknown>;
  /** Response headers that belong to the error (WWW-Authenticate, Retry-After). */
  headers?: Record<string, string>;
  /** Set for failures of ours (never of the client's input): log it with the stack. */
  unexpected?: boolean;
}

/** What express' body parser attaches to its errors (http-errors), kept by Nest as the exception's cause. */
interface BodyParserError {
  type?: string;
  body?: string;
  message?: string;
}

/** An error whose answer needs headers of its own: 401/403 carry WWW-Authenticate, 429 Retry-After. */
export class HttpExceptionWithHeaders extends HttpException {
  constructor(
    body: { detail: unknown } & Record<string, unknown>,
    status: number,
    readonly headers: Record<string, string>,
  ) {
    super(body, status);
  }
}

/**
 * The one place that decides what an error looks like on the wire: `{detail}` with the status of the
 * HttpException, 422 in the HTTPValidationError shape, `Not Found` for unknown routes, 503 with Retry-After for
 * trouble of the infrastructure (a lost database connection, a service that does not answer), and a bare
 * `internal error` (never a message or stack) for anything else unexpected.
 */
export function toErrorResponse(exception: unknown): ErrorResponse {
  const answer = errorResponseOf(exception);
  // Every 503 is "try again shortly": a service or the database was unreachable, nothing was half done.
  if (answer.status === HttpStatus.SERVICE_UNAVAILABLE && !answer.headers?.['Retry-After']) {
    answer.headers = { ...answer.headers, 'Retry-After': String(RETRY_AFTER_SECONDS) };
  }
  return answer;
}

/** What a client is told to wait after a 503. */
export const RETRY_AFTER_SECONDS = 1;

function errorResponseOf(exception: unknown): ErrorResponse {
  if (!(exception instanceof HttpException)) {
    if (isTransientError(exception)) {
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { detail: 'temporarily unavailable; try again shortly' } };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { detail: 'internal error' }, unexpected: true };
  }
  const status = exception.getStatus();
  const parserError = bodyParserError(exception.cause);
  if (parserError?.type === 'entity.parse.failed') {
    return { status: HttpStatus.UNPROCESSABLE_ENTITY, body: { detail: [jsonDecodeError(parserError)] } };
  }
  if (parserError?.type === 'entity.too.large') {
    return { status, body: { detail: `request body is larger than the limit of ${BODY_LIMIT_BYTES} bytes` } };
  }
  const response = exception.getResponse();
  if (typeof response === 'object' && response !== null && 'detail' in response) {
    const headers = exception instanceof HttpExceptionWithHeaders ? { headers: exception.headers } : {};
    return { status, body: response as ErrorResponse['body'], ...headers };
  }
  // Ours and the services' 404s carry a detail; one without is Nest's unknown-route answer, whose message
  // would echo the URL (and any token in it).
  if (status === HttpStatus.NOT_FOUND) return { status, body: { detail: 'Not Found' } };
  if (status >= 500) {
    return { status, body: { detail: status === 500 ? 'internal error' : statusText(exception) }, unexpected: true };
  }
  return { status, body: { detail: messageOf(response) ?? exception.message } };
}

function bodyParserError(cause: unknown): BodyParserError | undefined {
  return typeof cause === 'object' && cause !== null && 'type' in cause ? (cause as BodyParserError) : undefined;
}

/** FastAPI's answer to a body that is not JSON: the position of the first bad character. */
export function jsonDecodeError(error: BodyParserError): ValidationErrorEntry {
  const message = error.message ?? '';
  const position = /at position (\d+)/.exec(message);
  const reason = message.replace(/\s*(in JSON )?at position \d+.*$/s, '').replace(/\s*in JSON$/, '') || 'invalid JSON';
  return {
    type: 'json_invalid',
    loc: ['body', position ? Number(position[1]) : (error.body?.length ?? 0)],
    msg: 'JSON decode error',
    input: {},
    ctx: { error: reason },
  };
}

function messageOf(response: string | object): string | undefined {
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.join('; ');
  return undefined;
}

function statusText(exception: HttpException): string {
  return exception.getStatus() === HttpStatus.SERVICE_UNAVAILABLE ? 'service unavailable' : 'internal error';
}
