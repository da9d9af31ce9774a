import { Injectable } from '@nestjs/common';
import { SecretBox } from '@cps/persistence';
import { Clock } from '@cps/domain';
import { InstallationEvents } from '../installations/installation-events.js';
import { InstallationRepository } from '../installations/installation.repository.js';
import { OAuthError } from '../oauth-error.js';
import { type PartnerApp } from '../partner-apps/partner-app.repository.js';
import { FULL_SCOPE } from '../scope-policy.js';
import { AccessTokens } from './access-tokens.js';
import { decideRefresh, REFRESH_TOKEN_TTL_SECONDS } from './refresh-policy.js';
import { RefreshTokenRepository } from './refresh-token.repository.js';
import { mintRefreshToken, secretHash } from './secrets.js';
import { type TokenResponse } from './token-response.js';

type Outcome =
  | { ok: true; refreshToken: string; refreshExpiresIn: number; userId: string; teamId: string }
  | { ok: false; error: OAuthError };

const REFUSALS = {
  inactive: 'the installation is not active; authorize again',
  revoked: 'refresh token is revoked',
  expired: 'refresh token is expired',
  legacy_grant: 'the installation holds a grant without retailers:read; authorize again',
  older_token: 'refresh token was already rotated and its replacement used; the installation is disconnected',
  retry_window_passed: 'refresh token was rotated more than 60 minutes ago; the installation is disconnected',
} as const;

/**
 * `grant_type=refresh_token`, refresh rules 1 to 6 of the seed. Everything happens under the installation's
 * row lock, so concurrent refreshes of one installation run one after the other: the second sees the first's
 * rotation and, inside the 60-minute window, gets the same replacement (rule 3) with a fresh access token.
 * The usual case, the newest token of an active installation, is one statement (`rotateNewest`, which takes the same
 * locks and checks the client's secret too); everything else (a retry, reuse, a refusal, a wrong secret, or a
 * rotation that lost a race) goes through client authentication and `execute`, a transaction: begin, lock the
 * installation and the token (one statement), the writes, commit.
 */
@Injectable()
export class RefreshTokensUseCase {
  constructor(
    private readonly installations: InstallationRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly accessTokens: AccessTokens,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  /**
   * Rule 1 in one statement, for a client not yet authenticated (its id and the hash of the secret it presented,
   * which the statement checks): the response, or null when anything else may apply, a wrong secret included. On
   * null the caller authenticates the client and calls `execute`, which decides under the locks.
   */
  async rotateNewest(
    client: { clientId: string; secretHash: string },
    presented: string,
  ): Promise<TokenResponse | null> {
    const { secret, ...next } = mintRefreshToken(this.clock.now());
    const rotated = await this.refreshTokens.rotateNewest(secretHash(presented), client, next, this.box.seal(secret));
    if (!rotated) return null;
    return this.respond(client.clientId, {
      ok: true,
      refreshToken: secret,
      refreshExpiresIn: REFRESH_TOKEN_TTL_SECONDS,
      userId: rotated.userId ?? rotated.authorizedBy ?? '',
      teamId: rotated.teamId,
    });
  }

  /** Refresh rules 1 to 6 for an authenticated app, decided under the installation's and the token's locks. */
  async execute(app: PartnerApp, presented: string): Promise<TokenResponse> {
    const outcome = await this.decideLocked(app, secretHash(presented));
    if (!outcome.ok) throw outcome.error;
    return this.respond(app.clientId, outcome);
  }

  private async respond(clientId: string, outcome: Outcome & { ok: true }): Promise<TokenResponse> {
    const access = await this.accessTokens.issue({
      sub: outcome.userId,
      client_id: clientId,
      scope: FULL_SCOPE,
      service_client_id: outcome.teamId,
    });
    return {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: access.expiresIn,
      refresh_token: outcome.refreshToken,
      refresh_token_expires_in: outcome.refreshExpiresIn,
      scope: FULL_SCOPE,
      service_client_id: outcome.teamId,
    };
  }

  /** Refresh rules 1 to 6 under the installation's and the token's row locks, in one transaction. */
  private decideLocked(app: PartnerApp, tokenHash: string): Promise<Outcome> {
    return this.installations.transaction(async (tx): Promise<Outcome> => {
      const locked = await this.refreshTokens.lockForRefresh(tx, tokenHash, app.clientId);
      if (!locked) return { ok: false, error: OAuthError.invalidGrant('refresh token is invalid') };
      const { installation, token } = locked;
      // Only a rotated token's replacement matters (rules 3 to 5); read after the locks, it is as last committed.
      const replacement = token.rotatedAt ? await this.refreshTokens.replacementOf(tx, token) : null;
      const now = this.clock.now();
      const decision = decideRefresh({ ...token, replacement }, installation.status === 'active', now);
      const base = { userId: token.userId ?? installation.authorizedBy ?? '', teamId: installation.teamId };
      switch (decision.kind) {
        case 'rotate': {
          const { secret, ...minted } = mintRefreshToken(now);
          const issued = {
            ...minted,
            installationId: installation.id,
            familyId: token.familyId,
            parentId: token.id,
            codeHash: null,
            userId: token.userId,
          };
          await this.refreshTokens.rotate(tx, token, issued, this.box.seal(secret));
          return { ok: true, refreshToken: secret, refreshExpiresIn: REFRESH_TOKEN_TTL_SECONDS, ...base };
        }
        case 'retry': {
          if (!token.replacementSealed || !replacement) {
            return { ok: false, error: OAuthError.invalidGrant(REFUSALS.revoked) };
          }
          const remaining = Math.floor((replacement.expiresAt.getTime() - now.getTime()) / 1000);
          return {
            ok: true,
            refreshToken: this.box.open(token.replacementSealed),
            refreshExpiresIn: remaining,
            ...base,
          };
        }
        case 'reject':
          return { ok: false, error: OAuthError.invalidGrant(REFUSALS[decision.reason]) };
        case 'reuse': {
          await this.refreshTokens.revokeAllOfInstallation(tx, installation.id, decision.reason, now);
          await this.installations.update(tx, installation.id, { status: 'disconnected' }, now);
          await InstallationEvents.disconnected(tx, { ...installation, status: 'disconnected' }, app.webhookUrl, now);
          // Committed: the revocation stands although the request fails.
          return { ok: false, error: OAuthError.invalidGrant(REFUSALS[decision.reason]) };
        }
      }
    });
  }
}
