import { Injectable } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { ConnectionTokens } from '../auth/connection-tokens.js';

@Injectable()
export class IssueConnectionTokenUseCase {
  constructor(
    private readonly rpc: RpcClient,
    private readonly tokens: ConnectionTokens,
  ) {}

  /** Only for a connection of the team (404 otherwise, from sync-service). */
  async execute(teamId: string, connectionId: string): Promise<{ connection_token: string; expires_in: number }> {
    const connection = await this.rpc.request(SyncContracts.getConnection, { teamId, connectionId });
    return this.tokens.issue(teamId, connection.connection_id);
  }
}
