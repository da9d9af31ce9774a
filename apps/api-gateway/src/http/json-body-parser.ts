import { Logger, type Provider } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type ExpressAdapter } from '@nestjs/platform-express';
import { type Request } from 'express';
import { BODY_LIMIT_BYTES } from './error-response.js';

export const JSON_BODY_PARSER = Symbol('JSON_BODY_PARSER');

const JSON_TYPES = ['application/json', 'application/*+json'];

/** Routes that read their body themselves, with a larger limit: the catalog upload (products/catalog-upload.ts). */
export function readsOwnBody(request: Pick<Request, 'method' | 'url'>): boolean {
  return request.method === 'PUT' && /^\/products\/?(\?.*)?$/.test(request.url);
}

/**
 * Installs the JSON body parser (1 MB, `application/json` and `+json` types) on the express instance while
 * the application is being created, i.e. before Nest adds its default 100 kB parser at init: Nest skips a
 * parser that is already installed. (runService offers no hook for body parser options.) The raw body is kept as
 * `request.rawBody` for the routes that verify a signature over it (retailer notifications). `PUT /products` is left
 * to its own parser (up to 10,000 catalog rows).
 */
export const jsonBodyParserProvider: Provider = {
  provide: JSON_BODY_PARSER,
  inject: [HttpAdapterHost],
  useFactory: (host: HttpAdapterHost) => {
    const adapter = host.httpAdapter as ExpressAdapter | undefined;
    if (!adapter?.useBodyParser) {
      new Logger('Http').warn('no express adapter: JSON body parser not installed');
      return false;
    }
    adapter.useBodyParser('json', true, {
      limit: BODY_LIMIT_BYTES,
      type: (request) => !readsOwnBody(request as Request) && Boolean((request as Request).is(JSON_TYPES)),
    });
    return true;
  },
};
