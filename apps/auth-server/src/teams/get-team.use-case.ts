import { Injectable } from '@nestjs/common';
import { RpcRefusal } from '@cps/messaging';
import { TeamRepository } from './team.repository.js';

@Injectable()
export class GetTeamUseCase {
  constructor(private readonly teams: TeamRepository) {}

  async execute(teamId: string): Promise<{ team_id: string; name: string }> {
    const name = await this.teams.findName(teamId);
    if (name === null) throw new RpcRefusal(404, `team ${teamId} not found`);
    return { team_id: teamId, name };
  }
}
