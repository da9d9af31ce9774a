import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { Logger } from '@nestjs/common';
import { type DataSource } from 'typeorm';
import { type UserRepository } from '../../users/user.repository.js';
import { errorPage } from '../interactions/pages.js';
import { type OAuthSettings } from '../oauth-settings.js';
import { type ConnectorClientRepository } from '../connectors/connector-client.repository.js';
import { AuthContracts } from '@cps/contracts';
import { type Clock } from '@cps/domain';
import { type PartnerAppRepository } from '../partner-apps/partner-app.repository.js';
import { FULL_SCOPE } from '../scope-policy.js';
import { ACCESS_TOKEN_TTL_SECONDS, AUTHORIZATION_CODE_TTL_SECONDS } from '../tokens/refresh-policy.js';
import { AuthorizeRoutes } from './authorize-routes.js';
import { PartnerAppClientAdapter, PostgresModelAdapter } from './postgres-adapter.js';

export interface ProviderDependencies {
  settings: OAuthSettings;
  dataSource: DataSource;
  clock: Clock;
  apps: PartnerAppRepository;
  connectors: ConnectorClientRepository;
  users: UserRepository;
}

/**
 * oidc-provider, as far as this server uses it: the authorization endpoint (sessions, interactions, grants,
 * PKCE-bound codes) and the JWKS. Tokens, revocation and `/oauth/me` are our own endpoints (ADR 0006), so
 * its token machinery is configured off or left unreachable.
 */
export function createOidcProvider({
  settings,
  dataSource,
  clock,
  apps,
  connectors,
  users,
}: ProviderDependencies): Provider {
  const clientAdapter = new PartnerAppClientAdapter(apps, connectors);
  const configuration: Configuration = {
    adapter: (name: string) => (name === 'Client' ? clientAdapter : new PostgresModelAdapter(name, dataSource, clock)),
    jwks: { keys: settings.signingKeys.map((key) => ({ ...key.jwk })) } as Configuration['jwks'],
    cookies: {
      keys: settings.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    routes: {
      authorization: AuthorizeRoutes.authorize,
      jwks: AuthorizeRoutes.jwks,
      token: '/oauth/token',
      revocation: '/oauth/revoke',
      userinfo: '/oauth/userinfo',
      end_session: '/oauth/logout',
    },
    // The partner scopes are the resource server's ({base_url}); our own check allows no others, so the
    // provider's OpenID scopes are never requested.
    scopes: ['openid'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      // No ID tokens are issued, but client validation wants an algorithm the keystore can sign with.
      id_token_signed_response_alg: settings.signingKeys[0]!.alg,
    },
    ttl: {
      AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 3600,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: false },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => settings.baseUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource === settings.mcpUrl) {
            return {
              scope: AuthContracts.CONNECTOR_SCOPES.join(' '),
              audience: settings.mcpUrl,
              accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
              accessTokenFormat: 'jwt',
            };
          }
          if (resource !== settings.baseUrl) throw new errors.InvalidTarget();
          return {
            scope: FULL_SCOPE,
            audience: settings.baseUrl,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
          };
        },
      },
    },
    // Consent is asked on every authorization (the team is chosen there and may differ from last time): only
    // the grant made by this interaction's consent counts, never one remembered in the session.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    issueRefreshToken: () => false,
    expiresWithSession: () => false,
    interactions: { url: (_ctx, interaction) => `/oauth/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) =>
      (await users.exists(id)) ? { accountId: id, claims: () => ({ sub: id }) } : undefined,
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error), String(out.error_description ?? ''));
    },
  };
  const provider = new Provider(settings.issuer, configuration);
  const logger = new Logger('oidc-provider');
  provider.on('server_error', (_ctx: unknown, error: Error) => logger.error(error.message, error.stack));
  // Behind a TLS-terminating proxy the request says http; trust X-Forwarded-Proto for secure cookies.
  provider.proxy = true;
  return provider;
}
