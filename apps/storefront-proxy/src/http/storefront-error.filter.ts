import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { BaseRpcExceptionFilter } from '@nestjs/microservices';
import { type Response } from 'express';
import { isTransientError } from '@cps/persistence';
import { SignInRedirect } from '../app-proxy/app-proxy.guard.js';

/** What express' body parser attaches to its errors, kept by Nest as the exception's cause. */
interface BodyParserError {
  type?: string;
  message?: string;
}

/**
 * Every HTTP error leaves as `{detail}` (422: the seed's HTTPValidationError entries), a signed-out visitor's GET as
 * a redirect to the storefront login, trouble of the infrastructure as 503 with Retry-After, anything unexpected as
 * a bare 500 (logged, never shown). Errors of the NATS handlers keep Nest's RPC handling.
 */
@Catch()
export class StorefrontErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');
  private readonly rpc = new BaseRpcExceptionFilter();

  catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType() === 'rpc') return this.rpc.catch(exception, host);
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) {
      response.end();
      return undefined;
    }
    if (exception instanceof SignInRedirect) {
      response.status(HttpStatus.FOUND).setHeader('Location', exception.location).end();
      return undefined;
    }
    const { status, body } = this.answer(exception);
    if (status === HttpStatus.SERVICE_UNAVAILABLE) response.set('Retry-After', '1');
    response.status(status).type('application/json').json(body);
    return undefined;
  }

  private answer(exception: unknown): { status: number; body: { detail: unknown } } {
    if (!(exception instanceof HttpException)) {
      if (isTransientError(exception)) {
        return {
          status: HttpStatus.SERVICE_UNAVAILABLE,
          body: { detail: 'temporarily unavailable; try again shortly' },
        };
      }
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
      return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { detail: 'internal error' } };
    }
    const status = exception.getStatus();
    const parser = exception.cause as BodyParserError | undefined;
    if (parser?.type === 'entity.parse.failed') {
      return {
        status: HttpStatus.UNPROCESSABLE_ENTITY,
        body: { detail: [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error', input: {} }] },
      };
    }
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null && 'detail' in response) {
      return { status, body: { detail: (response as { detail: unknown }).detail } };
    }
    // Nest's own answers (an unknown route echoes the URL, which may carry a signature): plain words only.
    if (status >= 500) return { status, body: { detail: status === 503 ? 'service unavailable' : 'internal error' } };
    return { status, body: { detail: status === 404 ? 'Not Found' : 'bad request' } };
  }
}
