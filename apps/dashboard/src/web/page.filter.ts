import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { SignInRequired } from '../session/viewer.js';
import { html } from './html.js';
import { plainPage } from './layout.js';
import { refusalText } from './refusals.js';

/** The dashboard answers people: a missing session goes to the sign-in page, any other refusal is a page. */
@Catch()
export class PageFilter implements ExceptionFilter {
  private readonly logger = new Logger('Dashboard');

  catch(exception: unknown, host: ArgumentsHost): void {
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
      status >= 500 ? 'The platform could not answer just now. Try again in a moment.' : refusalText(exception);
    response
      .status(status)
      .type('html')
      .send(plainPage({ title, error: text }, html`<p><a href="/">Back to the dashboard</a></p>`));
  }
}
