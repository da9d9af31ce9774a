import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  NotFoundException,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { type Request, type Response } from 'express';
import { SignedIn, SignInRequired, type SignedInViewer } from '../session/viewer.js';
import { html } from './html.js';
import { page, plainPage } from './layout.js';
import { refusalText, sendPage } from './refusals.js';

/**
 * The dashboard answers people: a missing session goes to the sign-in page, any other refusal is a page, with the
 * navigation when someone is signed in.
 */
@Catch()
export class PageFilter implements ExceptionFilter {
  private readonly logger = new Logger('Dashboard');

  constructor(private readonly signedIn: SignedIn) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    if (response.headersSent) {
      response.end();
      return;
    }
    if (exception instanceof SignInRequired) {
      response.redirect(303, '/sign-in');
      return;
    }
    const status = exception instanceof HttpException ? exception.getStatus() : HttpStatus.INTERNAL_SERVER_ERROR;
    if (status >= 500) {
      const error = exception instanceof Error ? exception : new Error(String(exception));
      this.logger.error(`${request.method} ${request.path}: ${error.message}`, error.stack);
    }
    const title =
      status === 404
        ? 'Not found'
        : status === 403
          ? 'Not allowed'
          : status >= 500
            ? 'Something went wrong'
            : 'Refused';
    const text =
      status >= 500
        ? 'The platform could not answer just now. Try again in a moment.'
        : exception instanceof NotFoundException && exception.message.startsWith('Cannot ')
          ? 'There is no page at this address.'
          : refusalText(exception);
    const viewer = await this.viewerOf(request as Request & { viewer?: SignedInViewer });
    const back = html`<p><a href="/">Back to the overview</a></p>`;
    sendPage(
      response,
      status,
      viewer ? page(viewer, { title, error: text }, back) : plainPage({ title, error: text }, back),
    );
  }

  /** The guard's viewer; for an address no route answers, the session's, when there is one. */
  private async viewerOf(request: Request & { viewer?: SignedInViewer }): Promise<SignedInViewer | null> {
    if (request.viewer) return request.viewer;
    if (request.method !== 'GET') return null;
    return this.signedIn.optionalViewer(request).catch(() => null);
  }
}
