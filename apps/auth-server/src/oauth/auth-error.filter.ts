import { Catch, HttpException, HttpStatus, type ArgumentsHost } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { InputRefused, TransientErrorFilter } from '@cps/platform';

/**
 * The endpoints OAuth clients call with a body (RFC 6749 token, RFC 7009-style revocation, RFC 7591 registration)
 * and `/oauth/me`, lower case and without a trailing slash: express routes `/OAuth/Token/` to the same handler.
 */
const OAUTH_ENDPOINTS = new Set(['/oauth/token', '/oauth/revoke', '/oauth/register', '/oauth/me']);

/**
 * A refusal of the body parser (body-parser's http-errors: form fields nested too deep, too many parameters, a
 * charset or content coding it does not take, broken JSON or gzip), which Nest hands on as an HttpException
 * caused by it (a raw one too, should it come unwrapped). Errors of the OAuth handlers themselves never look
 * like this: they answer their own OAuthErrors.
 */
function parserRefusal(exception: unknown): { status: number; message: string } | undefined {
  const error = exception instanceof HttpException ? exception.cause : exception;
  if (!(error instanceof Error)) return undefined;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  if (typeof expose !== 'boolean' || typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  return { status, message: error.message };
}

function oauthEndpoint(request: Request): boolean {
  return OAUTH_ENDPOINTS.has(request.path.toLowerCase().replace(/(?<=.)\/$/, ''));
}

/**
 * The auth server answers OAuth clients in RFC 6749's shape (§5.2), `invalid_request` with `Cache-Control:
 * no-store`, whatever refused the input before a handler ran:
 * - the platform's firewall, on every route (a NUL byte in a form field or in HTTP Basic credentials, JSON nested
 *   too deep): 400 instead of the REST API's 422 list, 413 and 414 as they are;
 * - the body parser, on the OAuth endpoints: 413 for a body over the limit or with too many parameters, 400 for
 *   anything else it cannot read (other routes, the sign-in pages and health, keep Nest's answer).
 * Everything else goes on to the transient-error handling.
 */
@Catch()
export class AuthErrorFilter extends TransientErrorFilter {
  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType() === 'http') {
      const http = host.switchToHttp();
      const response = http.getResponse<Response>();
      const refusal = this.refusal(exception, http.getRequest<Request>());
      if (refusal && !response.headersSent) {
        response
          .status(refusal.status)
          .setHeader('Cache-Control', 'no-store')
          .setHeader('Pragma', 'no-cache')
          .json({ error: 'invalid_request', error_description: refusal.description });
        return undefined;
      }
    }
    return super.catch(exception, host);
  }

  private refusal(exception: unknown, request: Request): { status: number; description: string } | undefined {
    if (exception instanceof InputRefused) {
      const status = exception.getStatus();
      return { status: status === 422 ? 400 : status, description: exception.message };
    }
    const parser = oauthEndpoint(request) ? parserRefusal(exception) : undefined;
    if (!parser) return undefined;
    return {
      status: parser.status === 413 ? HttpStatus.PAYLOAD_TOO_LARGE : HttpStatus.BAD_REQUEST,
      description: `the request body could not be read: ${parser.message}`,
    };
  }
}
