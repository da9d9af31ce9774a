import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { type Response } from 'express';

/**
 * A refusal the sandbox answers the way a retailer's API would: a status, a machine-readable `error`
 * code, a human `detail`, and sometimes headers (Retry-After).
 */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export const notFound = (detail: string) => new SandboxError(404, 'not_found', detail);

/** Every error leaves as `{error, detail}` JSON; nothing internal (stack, SQL) reaches the caller. */
@Catch()
export class SandboxErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('SandboxErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (exception instanceof SandboxError) {
      response
        .status(exception.status)
        .set(exception.headers)
        .json({ error: exception.code, detail: exception.detail, ...exception.extra });
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = status === 404 ? 'not_found' : status < 500 ? 'bad_request' : 'server_error';
      response.status(status).json({ error: code, detail: exception.message });
      return;
    }
    this.logger.error(exception);
    response.status(500).json({ error: 'server_error', detail: 'internal error' });
  }
}
