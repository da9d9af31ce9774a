import { Injectable } from '@nestjs/common';
import { ConnectionTokens } from '../auth/connection-tokens.js';
import { SyncClient } from '../clients/sync.client.js';

@Injectable()
export class IssueConnectionTokenUseCase {
  constructor(
    private readonly sync: SyncClient,
    private readonly tokens: ConnectionTokens,
  ) {}

  /** Only for a connection of the team (404 otherwise, from sync-service). */
  async execute(teamId: string, connectionId: string): Promise<{ connection_token: string; expires_in: number }> {
    const connection = await this.sync.getConnection({ teamId, connectionId });
    return this.tokens.issue(teamId, connection.connection_id);
  }
}
