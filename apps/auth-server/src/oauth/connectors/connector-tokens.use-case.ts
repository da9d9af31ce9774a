import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ulid } from '@cps/contracts';
import { Clock } from '@cps/domain';
import { OAuthError } from '../oauth-error.js';
import { OAuthSettings } from '../oauth-settings.js';
import { select } from '../sql.js';
import { AccessTokens } from '../tokens/access-tokens.js';
import { AuthorizationCodeRepository } from '../tokens/authorization-code.repository.js';
import { CODE_VERIFIER, pkceMatches } from '../tokens/exchange-authorization-code.use-case.js';
import { REFRESH_TOKEN_TTL_SECONDS } from '../tokens/refresh-policy.js';
import { randomSecret, REFRESH_TOKEN_PREFIX, secretHash } from '../tokens/secrets.js';
import { type TokenResponse } from '../tokens/token-response.js';
import { type ConnectorClient, ConnectorClientRepository } from './connector-client.repository.js';
import { ConnectorGrantRepository } from './connector-grant.repository.js';
import { hasRestScopes, resolveConnectorScope } from './connector-scope.js';

interface TokenRow {
  id: string;
  client_id: string;
  team_id: string;
  user_id: string;
  scope: string;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
}

interface Issued {
  userId: string;
  teamId: string;
  scope: string;
  refreshToken: string;
}

/**
 * The token endpoint for data-query connectors (public clients, PKCE): a code becomes a connector (client, team
 * chosen at consent) with an access token for `{mcp_url}` and a refresh token that rotates on every use. Reusing
 * a rotated refresh token, or revoking one, disconnects the connector: every refresh token of that (client,
 * team) is revoked, so a new authorization (and team choice) is needed, and mcp-server refuses its access tokens
 * from then on (`auth.mcp-connector.disconnected.v1`); otherwise access tokens expire after 900 s.
 */
@Injectable()
export class ConnectorTokensUseCase {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly codes: AuthorizationCodeRepository,
    private readonly clients: ConnectorClientRepository,
    private readonly grants: ConnectorGrantRepository,
    private readonly accessTokens: AccessTokens,
    private readonly settings: OAuthSettings,
    private readonly clock: Clock,
  ) {}

  async exchange(
    client: ConnectorClient,
    input: { code: string; redirectUri: string; codeVerifier: string },
  ): Promise<TokenResponse> {
    if (!CODE_VERIFIER.test(input.codeVerifier)) {
      throw OAuthError.invalidRequest('code_verifier must be 43 to 128 characters of [A-Za-z0-9-._~]');
    }
    const codeHash = secretHash(input.code);
    const issued = await this.transaction(async (tx) => {
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
      return this.insert(tx, client.clientId, code.teamId, code.accountId, scope.scope, now);
    });
    if (!issued) throw OAuthError.invalidGrant('authorization code was already used');
    await this.clients.markUsed(client.clientId, this.clock.now());
    return this.respond(client, issued);
  }

  async refresh(client: ConnectorClient, refreshToken: string): Promise<TokenResponse> {
    const issued = await this.transaction(async (tx) => {
      const now = this.clock.now();
      const [row] = await select<TokenRow>(tx, `SELECT * FROM auth.connector_tokens WHERE token_hash = $1 FOR UPDATE`, [
        secretHash(refreshToken),
      ]);
      if (!row || row.client_id !== client.clientId || row.revoked_at) {
        throw OAuthError.invalidGrant('refresh token is invalid or revoked');
      }
      if (row.rotated_at) {
        // RFC 9700 §4.14.2: a rotated token used again means it leaked; the connector is disconnected.
        await this.grants.revoke(tx, row.client_id, row.team_id, now, 'refresh_token_reuse');
        return null;
      }
      if (row.expires_at.getTime() <= now.getTime()) throw OAuthError.invalidGrant('refresh token is expired');
      await tx.query(`UPDATE auth.connector_tokens SET rotated_at = $2 WHERE id = $1`, [row.id, now]);
      return this.insert(tx, row.client_id, row.team_id, row.user_id, row.scope, now);
    });
    if (!issued) throw OAuthError.invalidGrant('refresh token was already used; the connector is disconnected');
    return this.respond(client, issued);
  }

  /** RFC 7009 for a public client: a refresh token of this client disconnects its connector; anything else is ignored. */
  async revoke(client: ConnectorClient, token: string): Promise<void> {
    await this.transaction(async (tx) => {
      const [row] = await select<TokenRow>(tx, `SELECT * FROM auth.connector_tokens WHERE token_hash = $1`, [
        secretHash(token),
      ]);
      if (row && row.client_id === client.clientId) {
        await this.grants.revoke(tx, row.client_id, row.team_id, this.clock.now(), 'revoked');
      }
    });
  }

  private transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('READ COMMITTED', work);
  }

  private async insert(
    tx: EntityManager,
    clientId: string,
    teamId: string,
    userId: string,
    scope: string,
    now: Date,
  ): Promise<Issued> {
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

  private async respond(client: ConnectorClient, issued: Issued): Promise<TokenResponse> {
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
