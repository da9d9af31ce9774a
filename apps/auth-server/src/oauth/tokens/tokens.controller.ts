import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { ConnectorClientRepository, type ConnectorClient } from '../connectors/connector-client.repository.js';
import { ExchangeConnectorCodeUseCase } from '../connectors/exchange-connector-code.use-case.js';
import { RefreshConnectorTokenUseCase } from '../connectors/refresh-connector-token.use-case.js';
import { RevokeConnectorTokenUseCase } from '../connectors/revoke-connector-token.use-case.js';
import { OAuthError } from '../oauth-error.js';
import { ClientAuthenticator } from '../partner-apps/client-authenticator.js';
import { AccessTokens } from './access-tokens.js';
import { ExchangeAuthorizationCodeUseCase } from './exchange-authorization-code.use-case.js';
import { RefreshTokensUseCase } from './refresh-tokens.use-case.js';
import { RevokeTokenUseCase } from './revoke-token.use-case.js';
import { type TokenResponse } from './token-response.js';

type Form = Record<string, unknown>;

/** A form parameter given exactly once; `undefined` when absent. Repeated or structured values are refused. */
function param(form: Form, name: string): string | undefined {
  const value = form[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw OAuthError.invalidRequest(`${name} must be given once, as a string`);
  return value;
}

function required(form: Form, name: string): string {
  const value = param(form, name);
  if (!value) throw OAuthError.invalidRequest(`${name} is required`);
  return value;
}

/** The grant a token request names, with its parameters; other grant types are refused. */
function grant<T>(
  form: Form,
  handlers: {
    code: (exchange: { code: string; redirectUri: string; codeVerifier: string }) => Promise<T>;
    refresh: (refreshToken: string) => Promise<T>;
  },
): Promise<T> {
  switch (required(form, 'grant_type')) {
    case 'authorization_code':
      return handlers.code({
        code: required(form, 'code'),
        redirectUri: required(form, 'redirect_uri'),
        codeVerifier: required(form, 'code_verifier'),
      });
    case 'refresh_token':
      return handlers.refresh(required(form, 'refresh_token'));
    default:
      throw new OAuthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  }
}

/**
 * `POST /oauth/token`, `POST /oauth/revoke` (HTTP Basic, form body) and `GET /oauth/me` (Bearer). Thin: each
 * parses, authenticates the client, and calls one use case; OAuth errors become RFC 6749 §5.2 bodies.
 */
@Controller('oauth')
export class TokensController {
  constructor(
    private readonly clients: ClientAuthenticator,
    private readonly exchangeCode: ExchangeAuthorizationCodeUseCase,
    private readonly refresh: RefreshTokensUseCase,
    private readonly revoke: RevokeTokenUseCase,
    private readonly accessTokens: AccessTokens,
    private readonly connectors: ConnectorClientRepository,
    private readonly exchangeConnectorCode: ExchangeConnectorCodeUseCase,
    private readonly refreshConnectorToken: RefreshConnectorTokenUseCase,
    private readonly revokeConnectorToken: RevokeConnectorTokenUseCase,
  ) {}

  @Post('token')
  @HttpCode(200)
  async token(@Req() req: Request, @Res() res: Response, @Body() body: Form | undefined) {
    await this.answer(res, async () => {
      const connector = await this.publicClient(req, body);
      if (connector) {
        return grant(this.form(req, body), {
          code: (exchange) => this.exchangeConnectorCode.execute(connector, exchange),
          refresh: (token) => this.refreshConnectorToken.execute(connector, token),
        });
      }
      const rotated = await this.rotateNewest(req, body);
      if (rotated) return rotated;
      const app = await this.clients.authenticate(req.headers.authorization);
      return grant(this.form(req, body), {
        code: (exchange) => this.exchangeCode.execute(app, exchange),
        refresh: (token) => this.refresh.execute(app, token),
      });
    });
  }

  @Post('revoke')
  @HttpCode(200)
  async revokeToken(@Req() req: Request, @Res() res: Response, @Body() body: Form | undefined) {
    await this.answer(res, async () => {
      const connector = await this.publicClient(req, body);
      if (connector) {
        await this.revokeConnectorToken.execute(connector, required(this.form(req, body), 'token'));
        return null;
      }
      const app = await this.clients.authenticate(req.headers.authorization);
      await this.revoke.execute(app, required(this.form(req, body), 'token'));
      return null;
    });
  }

  @Get('me')
  async me(@Req() req: Request, @Res() res: Response) {
    await this.answer(res, async () => {
      const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/.exec(req.headers.authorization ?? '');
      const claims = match ? await this.accessTokens.verify(match[1]!) : null;
      if (!claims) throw new OAuthError(401, 'invalid_token', 'a valid access token is required');
      return { service_client_id: claims.service_client_id, client_id: claims.client_id, scope: claims.scope };
    });
  }

  /**
   * A data-query connector authenticates with nothing but its `client_id` in the form (a public client, RFC 6749
   * §2.3; PKCE binds the code). Requests with HTTP Basic, or naming no connector, are partner apps'.
   */
  private async publicClient(req: Request, body: Form | undefined): Promise<ConnectorClient | null> {
    if (req.headers.authorization || !req.is('application/x-www-form-urlencoded')) return null;
    const clientId = body?.client_id;
    if (typeof clientId !== 'string' || !clientId) return null;
    const connector = await this.connectors.find(clientId);
    if (!connector) throw OAuthError.invalidClient('unknown client');
    return connector;
  }

  /**
   * A well-formed partner-app refresh in one statement that checks the client secret itself (the usual case; see
   * `RefreshTokensUseCase.rotateNewest`); null for anything else, which then takes the full path, whose answers,
   * errors and their order stay as they are.
   */
  private async rotateNewest(req: Request, body: Form | undefined): Promise<TokenResponse | null> {
    const client = this.clients.presented(req.headers.authorization);
    if (!client || !body || !req.is('application/x-www-form-urlencoded') || 'client_secret' in body) return null;
    const { grant_type: grantType, refresh_token: token } = body;
    if (grantType !== 'refresh_token' || typeof token !== 'string' || !token) return null;
    return this.refresh.rotateNewest(client, token);
  }

  private form(req: Request, body: Form | undefined): Form {
    if (!req.is('application/x-www-form-urlencoded')) {
      throw OAuthError.invalidRequest('the body must be application/x-www-form-urlencoded');
    }
    const form = body ?? {};
    if ('client_secret' in form) throw OAuthError.invalidRequest('client credentials go in HTTP Basic only');
    return form;
  }

  private async answer(res: Response, work: () => Promise<object | null>): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Pragma', 'no-cache');
    try {
      const result = await work();
      if (result === null) res.status(200).end();
      else res.status(200).json(result);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      if (error.error === 'invalid_client') res.setHeader('WWW-Authenticate', 'Basic realm="oauth", charset="UTF-8"');
      if (error.error === 'invalid_token') res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      res.status(error.status).json({ error: error.error, error_description: error.description });
    }
  }
}
