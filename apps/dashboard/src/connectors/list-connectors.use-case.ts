import { Injectable } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

/** The MCP connectors a member of the team authorized (auth-server, `auth.list-connectors.v1`). */
@Injectable()
export class ListConnectors {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string): Promise<AuthContracts.TeamConnector[]> {
    return (await this.rpc.request(AuthContracts.listConnectors, { teamId })).connectors;
  }
}
