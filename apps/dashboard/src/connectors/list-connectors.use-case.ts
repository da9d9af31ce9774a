import { Injectable } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

const KINDS: Record<AuthContracts.TeamConnector['kind'], string> = {
  registered: 'registered client',
  metadata_document: 'client metadata document',
};

export interface ConnectorRow {
  name: string;
  clientId: string;
  /** How the client is known, in words. */
  kind: string;
  scope: string;
  authorizedAt: string | null;
  lastUsedAt: string | null;
}

/** The MCP connectors a member of the team authorized (auth-server, `auth.list-connectors.v1`). */
@Injectable()
export class ListConnectors {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string): Promise<ConnectorRow[]> {
    const { connectors } = await this.rpc.request(AuthContracts.listConnectors, { teamId });
    return connectors.map((connector) => ({
      name: connector.name,
      clientId: connector.client_id,
      kind: KINDS[connector.kind],
      scope: connector.scope,
      authorizedAt: connector.authorized_at,
      lastUsedAt: connector.last_used_at,
    }));
  }
}
