import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { TeamRepository } from './team.repository.js';
import { changedTeamView } from './team-view.js';

/** An operator's change of a team's REST API rate limit (admin `team:set-rate-limit`). */
@Injectable()
export class SetTeamRateLimitUseCase {
  constructor(private readonly teams: TeamRepository) {}

  async execute(teamId: string, perMinute: number | null, burst: number | null): Promise<AuthContracts.Team> {
    return changedTeamView(this.teams, teamId, await this.teams.setRateLimit(teamId, perMinute, burst));
  }
}
