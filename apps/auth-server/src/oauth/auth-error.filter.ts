import { Catch, type ArgumentsHost } from '@nestjs/common';
import { type Response } from 'express';
import { InputRefused, TransientErrorFilter } from '@cps/platform';

/**
 * The auth server answers OAuth clients: input the platform's firewall refuses (a NUL byte in a form field or in
 * HTTP Basic credentials, JSON nested too deep) is an RFC 6749 `invalid_request` (400), not the REST API's 422 list.
 * Everything else goes on to the transient-error handling.
 */
@Catch()
export class AuthErrorFilter extends TransientErrorFilter {
  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (exception instanceof InputRefused && host.getType() === 'http') {
      const response = host.switchToHttp().getResponse<Response>();
      if (!response.headersSent) {
        const status = exception.getStatus() === 422 ? 400 : exception.getStatus();
        response
          .status(status)
          .setHeader('Cache-Control', 'no-store')
          .json({ error: 'invalid_request', error_description: exception.message });
        return undefined;
      }
    }
    return super.catch(exception, host);
  }
}
