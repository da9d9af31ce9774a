import { Injectable } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { InstallationEvents } from '../installations/installation-events.js';
import { InstallationRepository } from '../installations/installation.repository.js';
import { type PartnerApp } from '../partner-apps/partner-app.repository.js';
import { RefreshTokenRepository } from './refresh-token.repository.js';
import { secretHash } from './secrets.js';

/**
 * `POST /oauth/revoke`: a refresh token this app holds (current or older) revokes every refresh token of
 * its installation and deactivates it. Unknown tokens, and other apps' tokens, change nothing; the answer
 * is the same 200 either way (RFC 7009). Access tokens already issued run to their expiry.
 */
@Injectable()
export class RevokeTokenUseCase {
  constructor(
    private readonly installations: InstallationRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly clock: Clock,
  ) {}

  async execute(app: PartnerApp, token: string): Promise<void> {
    const found = await this.refreshTokens.findByHash(secretHash(token));
    if (!found || found.clientId !== app.clientId) return;
    await this.installations.transaction(async (tx) => {
      const now = this.clock.now();
      const installation = await this.installations.lockById(tx, found.installationId);
      await this.refreshTokens.revokeAllOfInstallation(tx, installation.id, 'revoked_by_client', now);
      if (installation.status !== 'active') return;
      await this.installations.update(tx, installation.id, { status: 'deactivated' }, now);
      await InstallationEvents.deactivated(
        tx,
        { ...installation, status: 'deactivated' },
        app.webhookUrl,
        'revoked',
        now,
      );
    });
  }
}
