import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { Clock } from '@cps/domain';
import { ConnectorGrantRepository } from './connector-grant.repository.js';

/**
 * Dashboard disconnect of a data-query connector ("disconnecting revokes the OAuth token"): the (client, team)
 * grant's refresh tokens are revoked, as on refresh-token reuse or `POST /oauth/revoke`, and mcp-server is told to
 * refuse its access tokens (`auth.mcp-connector.disconnected.v1`, same transaction). Idempotent; a client
 * never authorized on the team is 404, so another team's connectors are not confirmed to exist.
 */
@Injectable()
export class DisconnectConnectorUseCase {
  constructor(
    private readonly grants: ConnectorGrantRepository,
    private readonly clock: Clock,
  ) {}

  async execute(clientId: string, teamId: string): Promise<AuthContracts.DisconnectedConnector> {
    await this.grants.transaction(async (tx) => {
      const revoked = await this.grants.revoke(tx, clientId, teamId, this.clock.now(), 'dashboard_disconnect');
      if (revoked === 0 && !(await this.grants.wasAuthorized(tx, clientId, teamId))) {
        throw new RpcRefusal(404, `connector ${clientId} not found`);
      }
    });
    return { client_id: clientId, team_id: teamId };
  }
}
