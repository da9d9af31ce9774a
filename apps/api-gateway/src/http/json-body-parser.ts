import { type IncomingMessage } from 'node:http';
import { type HttpInputOptions } from '@cps/platform';
import { BODY_LIMIT_BYTES } from './error-response.js';

/** Routes that read their body themselves, with a larger limit: the catalog upload (products/catalog-upload.ts). */
export function readsOwnBody(request: Pick<IncomingMessage, 'method' | 'url'>): boolean {
  return request.method === 'PUT' && /^\/products\/?(\?.*)?$/.test(request.url ?? '');
}

/**
 * The gateway's bodies, read by the platform's input firewall: JSON up to 1 MB, its bytes kept as
 * `request.rawBody` for the routes that verify a signature over them (retailer notifications). `PUT /products` is
 * left to its own parser (up to 10,000 catalog rows).
 */
export const gatewayHttpInput: HttpInputOptions = { bodyLimitBytes: BODY_LIMIT_BYTES, rawBody: true, readsOwnBody };
