import { Injectable } from '@nestjs/common';
import { Clock } from '@cps/domain';
import { secretHash } from '../tokens/secrets.js';
import { type ConnectorClient } from './connector-client.repository.js';
import { ConnectorGrantRepository } from './connector-grant.repository.js';

/** RFC 7009 for a public client: a refresh token of this client disconnects its connector; anything else is ignored. */
@Injectable()
export class RevokeConnectorTokenUseCase {
  constructor(
    private readonly grants: ConnectorGrantRepository,
    private readonly clock: Clock,
  ) {}

  async execute(client: ConnectorClient, token: string): Promise<void> {
    await this.grants.transaction(async (tx) => {
      const row = await this.grants.tokenByHash(tx, secretHash(token));
      if (row && row.client_id === client.clientId) {
        await this.grants.revoke(tx, row.client_id, row.team_id, this.clock.now(), 'revoked');
      }
    });
  }
}
