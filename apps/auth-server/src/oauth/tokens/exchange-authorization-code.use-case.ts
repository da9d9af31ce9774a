import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { constantTimeEqual } from '@cps/persistence';
import { ulid } from '@cps/contracts';
import { Clock } from '@cps/domain';
import { InstallationEvents } from '../installations/installation-events.js';
import { InstallationRepository } from '../installations/installation.repository.js';
import { OAuthError } from '../oauth-error.js';
import { type PartnerApp } from '../partner-apps/partner-app.repository.js';
import { FULL_SCOPE, isFullGrant } from '../scope-policy.js';
import { AccessTokens } from './access-tokens.js';
import { AuthorizationCodeRepository } from './authorization-code.repository.js';
import { REFRESH_TOKEN_TTL_SECONDS } from './refresh-policy.js';
import { RefreshTokenRepository } from './refresh-token.repository.js';
import { mintRefreshToken, secretHash } from './secrets.js';
import { type TokenResponse } from './token-response.js';

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export interface CodeExchange {
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

type Outcome =
  | { ok: true; response: Omit<TokenResponse, 'access_token' | 'expires_in'>; userId: string }
  | { ok: false; error: OAuthError };

/**
 * `grant_type=authorization_code`: the code is single use and lives 10 minutes; `redirect_uri` and the PKCE
 * verifier must match. Success makes the (app, team) installation active with all three scopes and starts a
 * new refresh-token chain; earlier chains of the installation are revoked.
 */
@Injectable()
export class ExchangeAuthorizationCodeUseCase {
  constructor(
    private readonly codes: AuthorizationCodeRepository,
    private readonly installations: InstallationRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly accessTokens: AccessTokens,
    private readonly clock: Clock,
  ) {}

  async execute(app: PartnerApp, exchange: CodeExchange): Promise<TokenResponse> {
    if (!CODE_VERIFIER.test(exchange.codeVerifier)) {
      throw OAuthError.invalidRequest('code_verifier must be 43 to 128 characters of [A-Za-z0-9-._~]');
    }
    const codeHash = secretHash(exchange.code);
    const outcome = await this.installations.transaction(async (tx): Promise<Outcome> => {
      const now = this.clock.now();
      const code = await this.codes.lock(tx, codeHash);
      if (!code || code.clientId !== app.clientId) {
        return { ok: false, error: OAuthError.invalidGrant('authorization code is invalid') };
      }
      if (code.consumedAt) {
        // RFC 6749 §4.1.2: a replayed code revokes what was issued with it.
        await this.refreshTokens.revokeIssuedFromCode(tx, codeHash, now);
        return { ok: false, error: OAuthError.invalidGrant('authorization code was already used') };
      }
      if (code.expiresAt.getTime() <= now.getTime()) {
        return { ok: false, error: OAuthError.invalidGrant('authorization code is expired') };
      }
      if (code.redirectUri !== exchange.redirectUri) {
        return { ok: false, error: OAuthError.invalidGrant('redirect_uri does not match the authorization request') };
      }
      if (!pkceMatches(exchange.codeVerifier, code.codeChallenge, code.codeChallengeMethod)) {
        return { ok: false, error: OAuthError.invalidGrant('code_verifier does not match code_challenge') };
      }
      if (!code.teamId || !code.scope || !isFullGrant(code.scope)) {
        return { ok: false, error: OAuthError.invalidGrant('authorization code does not carry the current grant') };
      }
      await this.codes.consume(tx, codeHash, now);

      const { installation, created } = await this.installations.ensureLocked(
        tx,
        {
          id: ulid(),
          clientId: app.clientId,
          teamId: code.teamId,
          status: 'active',
          scope: FULL_SCOPE,
          authorizedBy: code.accountId,
        },
        now,
      );
      await this.refreshTokens.revokeAllOfInstallation(tx, installation.id, 'reauthorized', now);
      await this.installations.update(
        tx,
        installation.id,
        { status: 'active', scope: FULL_SCOPE, authorizedBy: code.accountId },
        now,
      );
      await InstallationEvents.activated(
        tx,
        { ...installation, status: 'active', scope: FULL_SCOPE },
        app.webhookUrl,
        created ? null : installation.status,
        now,
      );

      const { secret: refreshToken, ...minted } = mintRefreshToken(now);
      await this.refreshTokens.insert(tx, {
        ...minted,
        installationId: installation.id,
        familyId: minted.id,
        parentId: null,
        codeHash,
        userId: code.accountId,
      });
      return {
        ok: true,
        userId: code.accountId,
        response: {
          token_type: 'Bearer',
          refresh_token: refreshToken,
          refresh_token_expires_in: REFRESH_TOKEN_TTL_SECONDS,
          scope: FULL_SCOPE,
          service_client_id: code.teamId,
        },
      };
    });
    if (!outcome.ok) throw outcome.error;
    const access = await this.accessTokens.issue({
      sub: outcome.userId,
      client_id: app.clientId,
      scope: outcome.response.scope,
      service_client_id: outcome.response.service_client_id,
    });
    return {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: access.expiresIn,
      refresh_token: outcome.response.refresh_token,
      refresh_token_expires_in: outcome.response.refresh_token_expires_in,
      scope: outcome.response.scope,
      service_client_id: outcome.response.service_client_id,
    };
  }
}

export function pkceMatches(verifier: string, challenge: string | null, method: string | null): boolean {
  if (!challenge || method !== 'S256') return false;
  return constantTimeEqual(createHash('sha256').update(verifier).digest('base64url'), challenge);
}
