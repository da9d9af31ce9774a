import { Injectable } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';
import { GetOwnPartnerApp } from './get-own-partner-app.use-case.js';

/** A new client secret for one of the team's own apps; the old one stops working at once. */
@Injectable()
export class RotatePartnerAppSecret {
  constructor(
    private readonly rpc: RpcClient,
    private readonly ownApp: GetOwnPartnerApp,
  ) {}

  async execute(teamId: string, clientId: string): Promise<{ clientSecret: string }> {
    await this.ownApp.execute(teamId, clientId);
    const rotated = await this.rpc.request(AuthContracts.rotatePartnerAppSecret, { clientId });
    return { clientSecret: rotated.client_secret };
  }
}
