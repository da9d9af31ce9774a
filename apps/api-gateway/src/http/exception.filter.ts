import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { toErrorResponse } from './error-response.js';

/** Every HTTP error of the gateway goes out through here (see toErrorResponse for the shapes). */
@Catch()
export class GatewayExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const { status, body, headers, unexpected } = toErrorResponse(exception);
    if (unexpected) {
      const error = exception instanceof Error ? exception : new Error(String(exception));
      this.logger.error(
        `${request.method} ${(request.route as { path?: string } | undefined)?.path ?? 'unmatched'}: ${error.message}`,
        error.stack,
      );
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    if (headers) response.set(headers);
    // Explicit type: a handler may have labelled the response otherwise before it failed.
    response.status(status).type('application/json').json(body);
  }
}
