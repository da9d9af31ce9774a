import { HttpException, Injectable } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

/** One of the team's own apps; another team's app is 404, as an unknown one. */
@Injectable()
export class GetOwnPartnerApp {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string, clientId: string): Promise<AuthContracts.TeamPartnerApp> {
    const { partner_apps } = await this.rpc.request(AuthContracts.listPartnerApps, { teamId });
    const app = partner_apps.find((candidate) => candidate.client_id === clientId);
    if (!app) throw new HttpException({ detail: 'partner app not found' }, 404);
    return app;
  }
}
