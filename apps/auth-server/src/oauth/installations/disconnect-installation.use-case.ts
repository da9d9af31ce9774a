import { type AuthContracts } from '@cps/contracts';
import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { Clock } from '@cps/domain';
import { PartnerAppRepository } from '../partner-apps/partner-app.repository.js';
import { RefreshTokenRepository } from '../tokens/refresh-token.repository.js';
import { InstallationEvents } from './installation-events.js';
import { InstallationRepository } from './installation.repository.js';

/** Dashboard disconnect: `active` -> `deactivated`, refresh tokens revoked. Idempotent for other states. */
@Injectable()
export class DisconnectInstallationUseCase {
  constructor(
    private readonly apps: PartnerAppRepository,
    private readonly installations: InstallationRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly clock: Clock,
  ) {}

  async execute(
    clientId: string,
    teamId: string,
  ): Promise<{
    installation_id: string;
    client_id: string;
    team_id: string;
    status: AuthContracts.InstallationStatus;
  }> {
    const app = await this.apps.find(clientId);
    if (!app) throw new RpcRefusal(404, `partner app ${clientId} not found`);
    return this.installations.transaction(async (tx) => {
      const now = this.clock.now();
      const installation = await this.installations.lockByPair(tx, clientId, teamId);
      if (!installation) throw new RpcRefusal(404, `app ${clientId} is not installed for team ${teamId}`);
      await this.refreshTokens.revokeAllOfInstallation(tx, installation.id, 'dashboard_disconnect', now);
      let status = installation.status;
      if (status === 'active') {
        status = 'deactivated';
        await this.installations.update(tx, installation.id, { status }, now);
        await InstallationEvents.deactivated(
          tx,
          { ...installation, status },
          app.webhookUrl,
          'dashboard_disconnect',
          now,
        );
      }
      return { installation_id: installation.id, client_id: clientId, team_id: teamId, status };
    });
  }
}
