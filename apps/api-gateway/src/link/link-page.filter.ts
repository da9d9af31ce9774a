import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { checkRedirectUrl } from '@cps/domain';
import { HttpExceptionWithHeaders } from '../http/error-response.js';
import { setLinkPageHeaders } from './link-page-headers.js';
import { backLink, messagePage } from './link-pages.js';
import { LinkSite } from './link-site.js';

/** A retailer the shopper may not pick (not listed for them): 404, but the link session goes on. */
export class RetailerNotAvailable extends HttpException {
  constructor() {
    super({ detail: 'retailer not available' }, HttpStatus.NOT_FOUND);
  }
}

/** The link flow answers people, not programs: its errors are pages, not `{detail}` bodies. */
@Catch()
export class LinkPageFilter implements ExceptionFilter {
  private readonly logger = new Logger('LinkFlow');

  constructor(private readonly site: LinkSite) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const status = exception instanceof HttpException ? exception.getStatus() : HttpStatus.INTERNAL_SERVER_ERROR;
    if (!(exception instanceof HttpException) || status === HttpStatus.INTERNAL_SERVER_ERROR) {
      const error = exception instanceof Error ? exception : new Error(String(exception));
      this.logger.error(`${request.method} ${this.site.startPath}: ${error.message}`, error.stack);
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    setLinkPageHeaders(response);
    if (exception instanceof HttpExceptionWithHeaders) response.set(exception.headers);
    const again = { href: this.site.startPath, label: 'Try again' };
    const back = backTo(request);
    let page: string;
    if (exception instanceof RetailerNotAvailable) {
      response
        .status(status)
        .type('html')
        .send(
          messagePage('This store is not available', 'Choose one of the stores on the list.', {
            href: this.site.startPath,
            label: 'Back to the list',
          }),
        );
      return;
    }
    switch (status) {
      case HttpStatus.NOT_FOUND:
      case HttpStatus.GONE:
        // The session or the link is gone: forget the cookie, so the next visit starts clean.
        response.setHeader('Set-Cookie', this.site.cookies.clear());
        page = messagePage(
          'This link has expired or is not valid',
          'Go back to the app or website you came from and start linking your account again.',
          back,
        );
        break;
      case HttpStatus.BAD_REQUEST:
        page = messagePage(
          'This link is not valid',
          'Something in the link is missing or wrong. Go back to the app or website you came from and start again.',
          back,
        );
        break;
      case HttpStatus.FORBIDDEN:
        page = messagePage(
          'Your session has expired',
          'For your security this page can no longer be used. Go back to the app or website you came from and start again.',
          back,
        );
        break;
      case HttpStatus.CONFLICT:
        page = messagePage('This step is no longer possible', 'It was already done, perhaps in another tab.', {
          href: this.site.startPath,
          label: 'Continue',
        });
        break;
      case HttpStatus.TOO_MANY_REQUESTS:
        page = messagePage('Too many requests', 'Please wait a moment, then try again.', again);
        break;
      default:
        page = messagePage(
          'Something went wrong',
          status === HttpStatus.SERVICE_UNAVAILABLE || status === HttpStatus.GATEWAY_TIMEOUT
            ? 'The service is not answering right now. Please try again in a moment.'
            : 'Please try again in a moment.',
          again,
        );
    }
    response.status(status).type('html').send(page);
  }
}

/**
 * The brand's page when the request names a valid `redirect_url` (the flow's first URL), for a way back; never for a
 * retailer's public `link_url` (`/link/{link_id}`), to which anyone can append a `redirect_url`.
 */
function backTo(request: Request): { href: string; label: string } | undefined {
  if (request.method !== 'GET' || (request.params as Record<string, unknown> | undefined)?.link_id !== undefined) {
    return undefined;
  }
  const raw = request.query.redirect_url;
  const last = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (typeof last !== 'string') return undefined;
  const checked = checkRedirectUrl(last);
  return checked.ok ? backLink(checked.url, 'error') : undefined;
}
