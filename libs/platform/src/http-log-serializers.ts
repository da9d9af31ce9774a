import { type IncomingMessage, type ServerResponse } from 'node:http';
import { redactUrl } from '@cps/observability';

/**
 * The `req` and `res` of the request log line, read from Node's request and response directly (pino-http's
 * `wrapSerializers: false`): its wrappers first copy every header and query field into objects that are dropped
 * right away, on every request (bench/read README).
 */
export const httpLogSerializers = {
  // Secrets are found by the matched route's own template (`/link-tokens/:link_token`), not by spelling.
  req: (req: IncomingMessage & { id?: unknown; originalUrl?: string; route?: { path?: unknown } }) => ({
    id: req.id,
    method: req.method,
    url: redactUrl(req.originalUrl ?? req.url ?? '', typeof req.route?.path === 'string' ? req.route.path : undefined),
  }),
  // A redirect's Location can carry a secret too (the authorization code of an OAuth callback).
  res: (res: ServerResponse) => {
    const headers = res.getHeaders();
    const location = headers.location;
    return {
      statusCode: res.headersSent ? res.statusCode : null,
      headers: typeof location === 'string' ? { ...headers, location: redactUrl(location) } : headers,
    };
  },
};
