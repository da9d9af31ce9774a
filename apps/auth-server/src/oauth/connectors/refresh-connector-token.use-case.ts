import { Injectable } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { OAuthError } from '../oauth-error.js';
import { secretHash } from '../tokens/secrets.js';
import { type TokenResponse } from '../tokens/token-response.js';
import { type ConnectorClient } from './connector-client.repository.js';
import { ConnectorGrantRepository } from './connector-grant.repository.js';
import { ConnectorTokenIssuer } from './connector-token-issuer.js';

/**
 * A connector's refresh grant: the refresh token rotates on every use. Reusing a rotated one disconnects the
 * connector: every refresh token of that (client, team) is revoked, so a new authorization (and team choice) is
 * needed, and mcp-server refuses its access tokens from then on (`auth.mcp-connector.disconnected.v1`); otherwise
 * access tokens expire after 900 s.
 */
@Injectable()
export class RefreshConnectorTokenUseCase {
  constructor(
    private readonly grants: ConnectorGrantRepository,
    private readonly issuer: ConnectorTokenIssuer,
    private readonly clock: Clock,
  ) {}

  async execute(client: ConnectorClient, refreshToken: string): Promise<TokenResponse> {
    const issued = await this.grants.transaction(async (tx) => {
      const now = this.clock.now();
      const row = await this.grants.tokenByHash(tx, secretHash(refreshToken), true);
      if (!row || row.client_id !== client.clientId || row.revoked_at) {
        throw OAuthError.invalidGrant('refresh token is invalid or revoked');
      }
      if (row.rotated_at) {
        // RFC 9700 §4.14.2: a rotated token used again means it leaked; the connector is disconnected.
        await this.grants.revoke(tx, row.client_id, row.team_id, now, 'refresh_token_reuse');
        return null;
      }
      if (row.expires_at.getTime() <= now.getTime()) throw OAuthError.invalidGrant('refresh token is expired');
      await this.grants.markRotated(tx, row.id, now);
      return this.issuer.insert(tx, row.client_id, row.team_id, row.user_id, row.scope, now);
    });
    if (!issued) throw OAuthError.invalidGrant('refresh token was already used; the connector is disconnected');
    return this.issuer.respond(client, issued);
  }
}
