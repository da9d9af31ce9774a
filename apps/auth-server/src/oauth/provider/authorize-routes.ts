import { Injectable, type NestMiddleware } from '@nestjs/common';
import { type NextFunction, type Request, type Response } from 'express';
import Provider from 'oidc-provider';
import { checkAuthorizeRequest, errorRedirectUrl } from '../authorize-request.js';
import { errorPage } from '../interactions/pages.js';
import { setPageHeaders } from '../interactions/page-headers.js';
import { OAuthSettings } from '../oauth-settings.js';
import { ConnectorClientRepository } from '../connectors/connector-client.repository.js';
import { MetadataDocuments } from '../connectors/metadata-documents.js';
import { PartnerAppRepository } from '../partner-apps/partner-app.repository.js';

export const AuthorizeRoutes = {
  authorize: '/oauth/authorize',
  jwks: '/jwks',
} as const;

/**
 * Hands oidc-provider the requests that are its own: the authorization endpoint (after every parameter
 * rule of the seed is checked here), its resume step after an interaction, and the JWKS. Everything else
 * goes on to the Nest routes.
 */
@Injectable()
export class AuthorizeRoutesMiddleware implements NestMiddleware {
  /** Koa's request handler: Express' Request and Response are the Node request and response it takes. */
  private readonly handle: ReturnType<Provider['callback']>;

  constructor(
    provider: Provider,
    private readonly apps: PartnerAppRepository,
    private readonly connectors: ConnectorClientRepository,
    private readonly documents: MetadataDocuments,
    private readonly settings: OAuthSettings,
  ) {
    this.handle = provider.callback();
  }

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    const url = new URL(req.originalUrl, 'http://internal');
    const path = url.pathname;
    if (path === AuthorizeRoutes.jwks) return this.forward(req, res, req.originalUrl);
    if (path === AuthorizeRoutes.authorize) return this.authorize(req, res, url);
    if (path.startsWith(`${AuthorizeRoutes.authorize}/`)) {
      setPageHeaders(res);
      return this.forward(req, res, req.originalUrl);
    }
    next();
  }

  private async authorize(req: Request, res: Response, url: URL): Promise<void> {
    setPageHeaders(res);
    if (req.method !== 'GET') {
      res.status(405).setHeader('Allow', 'GET').type('html').send(errorPage('invalid_request', 'use GET'));
      return;
    }
    const verdict = await checkAuthorizeRequest(
      url.searchParams,
      this.settings.baseUrl,
      async (clientId) => {
        // A URL names a client metadata document (fetched, or refreshed, now); anything else a registration.
        const connector = this.documents.isDocumentUrl(clientId)
          ? await this.documents.resolve(clientId)
          : await this.connectors.find(clientId);
        return connector ? { redirectUris: connector.redirectUris, connector: true } : this.apps.find(clientId);
      },
      this.settings.mcpUrl,
    );
    switch (verdict.kind) {
      case 'error-page':
        res.status(400).type('html').send(errorPage(verdict.error, verdict.description));
        return;
      case 'error-redirect':
        res.redirect(303, errorRedirectUrl(verdict, this.settings.issuer));
        return;
      case 'accept': {
        url.searchParams.set('scope', verdict.scope);
        url.searchParams.set('resource', verdict.resource);
        return this.forward(req, res, `${url.pathname}?${url.searchParams.toString()}`);
      }
    }
  }

  private async forward(req: Request, res: Response, url: string): Promise<void> {
    // oidc-provider derives its mount path from originalUrl minus url, else from baseUrl (which express sets
    // to the path the middleware matched). It is mounted at the root.
    req.url = url;
    req.originalUrl = url;
    req.baseUrl = '';
    await this.handle(req, res);
  }
}
