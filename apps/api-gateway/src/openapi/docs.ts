import { type INestApplication, NotFoundException } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import { type NextFunction, type Request, type Response } from 'express';
import { toErrorResponse } from '../http/error-response.js';
import { RateLimitGate } from '../rate-limit/rate-limit.gate.js';
import { type Json } from './openapi-document.js';

/**
 * No inline script: the page loads Swagger UI's bundle and its init file from the gateway, so the policy allows
 * scripts from the gateway only, as the link pages allow none at all.
 */
const DOCS_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** What the page loads from swagger-ui-dist's folder (served under `/docs/`); the rest of it is not served. */
const DOCS_FILES = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'swagger-ui-init.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
]);

/**
 * The interactive reference at `/docs`: @nestjs/swagger's Swagger UI for the published document, from the
 * gateway's own files (no CDN). In front of it, what the gateway's guard does for its own routes: the page counts
 * against the caller's address like any public route.
 */
export function serveDocs(app: INestApplication, document: () => Json): void {
  const rateLimit = app.get(RateLimitGate);
  app.use('/docs', (request: Request, response: Response, next: NextFunction) => {
    const file = request.path.replace(/^\//, '');
    try {
      rateLimit.admitAddress(request.ip ?? 'unknown', response);
      // The rest of swagger-ui-dist's folder (package.json, source maps, its stock page) is not served.
      if (file !== '' && !DOCS_FILES.has(file)) throw new NotFoundException({ detail: 'Not Found' });
    } catch (error) {
      const { status, body, headers } = toErrorResponse(error);
      response
        .set(headers ?? {})
        .status(status)
        .json(body);
      return;
    }
    response.set({
      'Content-Security-Policy': DOCS_CONTENT_SECURITY_POLICY,
      'Referrer-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
    });
    next();
  });
  SwaggerModule.setup('docs', app, document as never, {
    raw: false,
    customSiteTitle: 'Connected Purchases API reference',
    swaggerOptions: { deepLinking: true, validatorUrl: null, defaultModelsExpandDepth: 0 },
  });
}
