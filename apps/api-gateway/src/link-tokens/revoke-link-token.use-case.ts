import { Injectable, NotFoundException } from '@nestjs/common';
import { SyncClient } from '../clients/sync.client.js';

/** No token of ours is longer; anything longer is unknown without asking. */
const MAX_LINK_TOKEN_LENGTH = 200;

@Injectable()
export class RevokeLinkTokenUseCase {
  constructor(private readonly sync: SyncClient) {}

  /** Revoking an expired or already revoked token succeeds; an unknown or foreign one is 404. */
  async execute(teamId: string, linkToken: string): Promise<void> {
    if (linkToken.length === 0 || linkToken.length > MAX_LINK_TOKEN_LENGTH) {
      throw new NotFoundException({ detail: 'link token not found' });
    }
    await this.sync.revokeLinkToken({ teamId, linkToken });
  }
}
