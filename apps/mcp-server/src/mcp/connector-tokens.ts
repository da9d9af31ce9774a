import { Injectable, Logger } from '@nestjs/common';
import { InvalidTokenError, ServerError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { type OAuthTokenVerifier } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import { type AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { errors, type JWTVerifyGetKey } from 'jose';
import { accessTokenKeys, verifyAccessToken } from '@cps/platform';
import { ConnectorRevocations } from '../connectors/connector-revocations.js';
import { McpSettings } from './mcp-settings.js';

/**
 * Connector access tokens (ADR 0004, 0013): RFC 9068 JWTs from auth-server whose audience includes `{mcp_url}`,
 * verified against its JWKS. `service_client_id` is the team chosen at authorization: every query is that team's.
 * A token issued at or before its connector was disconnected is refused (ConnectorRevocations), though unexpired.
 */
@Injectable()
export class ConnectorTokens implements OAuthTokenVerifier {
  private readonly logger = new Logger('ConnectorTokens');
  private readonly keys: JWTVerifyGetKey;

  constructor(
    private readonly settings: McpSettings,
    private readonly revocations: ConnectorRevocations,
  ) {
    this.keys = accessTokenKeys(settings.jwksUrl);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    try {
      const { payload, teamId, clientId, scopes } = await verifyAccessToken(token, this.keys, {
        issuer: this.settings.issuer,
        audience: this.settings.resource,
      });
      if (!teamId) throw new InvalidTokenError('the token names no team');
      if (this.revocations.revoked(clientId, teamId, payload.iat ?? 0)) {
        throw new InvalidTokenError('the connector was disconnected');
      }
      return {
        token,
        clientId,
        scopes,
        expiresAt: payload.exp!,
        resource: new URL(this.settings.resource),
        extra: { teamId },
      };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) {
        throw new InvalidTokenError(error instanceof errors.JWTExpired ? 'the token has expired' : 'invalid token');
      }
      this.logger.warn(`JWKS unavailable: ${(error as Error).message}`);
      throw new ServerError('the authorization server keys are unavailable');
    }
  }
}
