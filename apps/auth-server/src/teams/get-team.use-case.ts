import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { TeamRepository } from './team.repository.js';
import { teamView } from './team-view.js';

@Injectable()
export class GetTeamUseCase {
  constructor(private readonly teams: TeamRepository) {}

  async execute(teamId: string): Promise<AuthContracts.Team> {
    const team = await this.teams.find(teamId);
    if (!team) throw new RpcRefusal(404, `team ${teamId} not found`);
    return teamView(team);
  }
}
