import { Injectable } from '@nestjs/common';
import { AuthContracts } from '@cps/contracts';
import { RpcClient } from '@cps/messaging';

export interface TeamView {
  members: AuthContracts.TeamMember[];
  profile: AuthContracts.Team;
  invitations: AuthContracts.InvitationList['invitations'];
}

/** The Team page: its members, the brand's profile and the open invitations (auth-server). */
@Injectable()
export class ShowTeam {
  constructor(private readonly rpc: RpcClient) {}

  async execute(teamId: string): Promise<TeamView> {
    const [{ members }, profile, { invitations }] = await Promise.all([
      this.rpc.request(AuthContracts.listTeamMembers, { teamId }),
      this.rpc.request(AuthContracts.getTeam, { teamId }),
      this.rpc.request(AuthContracts.listInvitations, { teamId }),
    ]);
    return { members, profile, invitations };
  }
}
