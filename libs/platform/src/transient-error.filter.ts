import { Catch, Logger, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { BaseRpcExceptionFilter } from '@nestjs/microservices';
import { type Response } from 'express';
import { isTransientError } from '@cps/persistence';

/**
 * For HTTP apps without an error filter of their own: trouble of the infrastructure (a lost database connection,
 * a terminated backend, a serialization failure) answers 503 `{detail}` with Retry-After, not Nest's 500;
 * everything else, and every error of a NATS request/reply handler, goes to Nest's default handling.
 */
@Catch()
export class TransientErrorFilter extends BaseExceptionFilter {
  private readonly logger = new Logger('Http');
  private readonly rpc = new BaseRpcExceptionFilter();

  override catch(exception: unknown, host: ArgumentsHost): unknown {
    // A global filter sees the app's request/reply handlers too: those keep Nest's own RPC error handling.
    if (host.getType() === 'rpc') return this.rpc.catch(exception, host);
    if (host.getType() === 'http' && isTransientError(exception)) {
      const response = host.switchToHttp().getResponse<Response>();
      this.logger.warn(`${(exception as Error).message ?? String(exception)}; answered 503`);
      if (!response.headersSent) {
        response.status(503).set('Retry-After', '1').json({ detail: 'temporarily unavailable; try again shortly' });
        return;
      }
    }
    super.catch(exception, host);
  }
}
