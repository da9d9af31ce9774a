import { Injectable } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { OAuthError } from '../oauth-error.js';
import { AuthorizationCodeRepository } from '../tokens/authorization-code.repository.js';
import { CODE_VERIFIER, pkceMatches } from '../tokens/exchange-authorization-code.use-case.js';
import { secretHash } from '../tokens/secrets.js';
import { type TokenResponse } from '../tokens/token-response.js';
import { type ConnectorClient, ConnectorClientRepository } from './connector-client.repository.js';
import { ConnectorGrantRepository } from './connector-grant.repository.js';
import { resolveConnectorScope } from './connector-scope.js';
import { ConnectorTokenIssuer } from './connector-token-issuer.js';

/**
 * The token endpoint's code grant for data-query connectors (public clients, PKCE): a code becomes a connector
 * (client, team chosen at consent) with an access token for `{mcp_url}` and a refresh token that rotates on
 * every use (RefreshConnectorTokenUseCase). Authorizing again replaces the connector's earlier tokens.
 */
@Injectable()
export class ExchangeConnectorCodeUseCase {
  constructor(
    private readonly codes: AuthorizationCodeRepository,
    private readonly clients: ConnectorClientRepository,
    private readonly grants: ConnectorGrantRepository,
    private readonly issuer: ConnectorTokenIssuer,
    private readonly clock: Clock,
  ) {}

  async execute(
    client: ConnectorClient,
    input: { code: string; redirectUri: string; codeVerifier: string },
  ): Promise<TokenResponse> {
    if (!CODE_VERIFIER.test(input.codeVerifier)) {
      throw OAuthError.invalidRequest('code_verifier must be 43 to 128 characters of [A-Za-z0-9-._~]');
    }
    const codeHash = secretHash(input.code);
    const issued = await this.grants.transaction(async (tx) => {
      const now = this.clock.now();
      const code = await this.codes.lock(tx, codeHash);
      if (!code || code.clientId !== client.clientId) throw OAuthError.invalidGrant('authorization code is invalid');
      if (code.consumedAt) {
        // RFC 6749 §4.1.2: a replayed code revokes what was issued with it (committed, then refused).
        if (code.teamId) await this.grants.revoke(tx, client.clientId, code.teamId, now, 'authorization_code_reuse');
        return null;
      }
      if (code.expiresAt.getTime() <= now.getTime()) throw OAuthError.invalidGrant('authorization code is expired');
      if (code.redirectUri !== input.redirectUri) {
        throw OAuthError.invalidGrant('redirect_uri does not match the authorization request');
      }
      if (!pkceMatches(input.codeVerifier, code.codeChallenge, code.codeChallengeMethod)) {
        throw OAuthError.invalidGrant('code_verifier does not match code_challenge');
      }
      const scope = code.scope ? resolveConnectorScope(code.scope) : { ok: false as const };
      if (!code.teamId || !scope.ok)
        throw OAuthError.invalidGrant('authorization code does not carry a connector grant');
      await this.codes.consume(tx, codeHash, now);
      // Authorizing again replaces the connector's earlier tokens (one chain per client and team).
      await this.grants.revoke(tx, client.clientId, code.teamId, now);
      return this.issuer.insert(tx, client.clientId, code.teamId, code.accountId, scope.scope, now);
    });
    if (!issued) throw OAuthError.invalidGrant('authorization code was already used');
    await this.clients.markUsed(client.clientId, this.clock.now());
    return this.issuer.respond(client, issued);
  }
}
