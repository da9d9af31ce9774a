import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { ulid } from '@cps/contracts';
import { OAuthSettings } from '../oauth-settings.js';
import { AccessTokens } from '../tokens/access-tokens.js';
import { REFRESH_TOKEN_TTL_SECONDS } from '../tokens/refresh-policy.js';
import { randomSecret, REFRESH_TOKEN_PREFIX, secretHash } from '../tokens/secrets.js';
import { type TokenResponse } from '../tokens/token-response.js';
import { type ConnectorClient } from './connector-client.repository.js';
import { hasRestScopes } from './connector-scope.js';

export interface IssuedConnectorToken {
  userId: string;
  teamId: string;
  scope: string;
  refreshToken: string;
}

/**
 * What a connector's code exchange and refresh both hand out: a new refresh token of the (client, team) chain,
 * and the token response with an access token for `{mcp_url}` (and `{base_url}` when it carries REST scopes).
 */
@Injectable()
export class ConnectorTokenIssuer {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly settings: OAuthSettings,
  ) {}

  async insert(
    tx: EntityManager,
    clientId: string,
    teamId: string,
    userId: string,
    scope: string,
    now: Date,
  ): Promise<IssuedConnectorToken> {
    const refreshToken = randomSecret(REFRESH_TOKEN_PREFIX);
    await tx.query(
      `INSERT INTO auth.connector_tokens (id, client_id, team_id, user_id, token_hash, scope, issued_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        ulid(),
        clientId,
        teamId,
        userId,
        secretHash(refreshToken),
        scope,
        now,
        new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      ],
    );
    return { userId, teamId, scope, refreshToken };
  }

  async respond(client: ConnectorClient, issued: IssuedConnectorToken): Promise<TokenResponse> {
    const audience = hasRestScopes(issued.scope) ? [this.settings.mcpUrl, this.settings.baseUrl] : this.settings.mcpUrl;
    const access = await this.accessTokens.issue(
      { sub: issued.userId, client_id: client.clientId, scope: issued.scope, service_client_id: issued.teamId },
      audience,
    );
    return {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: access.expiresIn,
      refresh_token: issued.refreshToken,
      refresh_token_expires_in: REFRESH_TOKEN_TTL_SECONDS,
      scope: issued.scope,
      service_client_id: issued.teamId,
    };
  }
}
