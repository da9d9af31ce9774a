import { Injectable } from '@nestjs/common';
import { type IncomingHttpHeaders } from 'node:http';
import { CONNECTION_TOKEN_SCOPE, type AccessPolicy } from './access-policy.js';
import { authServerUnavailable, insufficientScope, unauthorized } from './auth-errors.js';
import { AuthenticateApiKeyUseCase } from './authenticate-api-key.use-case.js';
import { ConnectionTokens } from './connection-tokens.js';
import { KeySetUnavailableError, OAuthTokens } from './oauth-tokens.js';
import { type Principal } from './principal.js';

/** The credentials a request presents, as read from its headers. */
export interface PresentedCredentials {
  apiKey?: string;
  bearer?: string;
}

export function credentialsOf(headers: IncomingHttpHeaders): PresentedCredentials {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const apiKey = first(headers['x-api-key'])?.trim();
  const authorization = first(headers.authorization)?.trim();
  const bearer = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
  return {
    ...(apiKey ? { apiKey } : {}),
    ...(bearer ? { bearer } : {}),
  };
}

/**
 * Decides who a request comes from under a route's AccessPolicy, or refuses it:
 * - an API key, when sent, decides (Authorization then carries a connection token, if the route needs one);
 * - without an API key, a Bearer token is an OAuth access token, accepted where the route names a scope;
 * - 401 for missing or invalid credentials, 403 `insufficient_scope` for a valid token without the scope.
 */
@Injectable()
export class AuthenticateRequestUseCase {
  constructor(
    private readonly apiKeys: AuthenticateApiKeyUseCase,
    private readonly connectionTokens: ConnectionTokens,
    private readonly oauthTokens: OAuthTokens,
  ) {}

  async execute(policy: AccessPolicy, credentials: PresentedCredentials): Promise<Principal> {
    const { apiKey, bearer } = credentials;
    if (apiKey && (policy.apiKey || policy.connectionToken)) {
      const caller = await this.apiKeys.execute(apiKey);
      if (!caller) throw unauthorized('invalid API key');
      // The pair is one alternative; the API key alone another. A route accepting both takes the pair
      // when a Bearer token comes along.
      if (policy.connectionToken && (bearer || !policy.apiKey)) {
        if (!bearer) throw unauthorized('missing connection token (Authorization: Bearer)', {});
        const claims = await this.connectionTokens.verify(bearer);
        if (!claims) throw unauthorized('invalid or expired connection token', { error: 'invalid_token' });
        if (claims.teamId !== caller.teamId) {
          throw unauthorized('the connection token was not issued to this API key', { error: 'invalid_token' });
        }
        if (!claims.scopes.includes(CONNECTION_TOKEN_SCOPE)) throw insufficientScope(CONNECTION_TOKEN_SCOPE);
        return { kind: 'connection_token', ...caller, connectionId: claims.connectionId };
      }
      return { kind: 'api_key', ...caller };
    }
    if (bearer && policy.oauth) {
      const verdict = await this.oauthTokens.verify(bearer).catch((error: unknown) => {
        if (error instanceof KeySetUnavailableError) throw authServerUnavailable();
        throw error;
      });
      if (!verdict.valid) throw unauthorized(`invalid access token: ${verdict.reason}`, { error: 'invalid_token' });
      if (!verdict.claims.scopes.includes(policy.oauth)) throw insufficientScope(policy.oauth);
      return { kind: 'oauth', ...verdict.claims };
    }
    if (!policy.apiKey && !policy.connectionToken) throw unauthorized('missing access token', {});
    return this.refuseMissingKey(policy, bearer);
  }

  private refuseMissingKey(policy: AccessPolicy, bearer: string | undefined): never {
    if (bearer && policy.connectionToken && !policy.oauth) {
      throw unauthorized('missing API key; a connection token is accepted only together with the API key');
    }
    if (bearer && !policy.oauth) {
      // A Bearer token alone where only API keys count: say so rather than "missing", to spare a puzzle.
      throw unauthorized('missing API key; this endpoint does not accept OAuth access tokens');
    }
    throw unauthorized('missing API key', policy.oauth ? {} : undefined);
  }
}
