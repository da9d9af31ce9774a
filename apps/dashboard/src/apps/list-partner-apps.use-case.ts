import { Injectable } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

export interface PartnerAppsView {
  /** The apps installed on the team. */
  installations: AuthContracts.TeamInstallation[];
  /** The team's own apps. */
  partnerApps: AuthContracts.TeamPartnerApp[];
}

/** The partner apps page: the apps installed on the team and the team's own apps (auth-server). */
@Injectable()
export class ListPartnerApps {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string): Promise<PartnerAppsView> {
    const [{ partner_apps }, { installations }] = await Promise.all([
      this.rpc.request(AuthContracts.listPartnerApps, { teamId }),
      this.rpc.request(AuthContracts.listInstallations, { teamId }),
    ]);
    return { installations, partnerApps: partner_apps };
  }
}
