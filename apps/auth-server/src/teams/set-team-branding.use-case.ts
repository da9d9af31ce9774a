import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { TeamRepository } from './team.repository.js';
import { changedTeamView } from './team-view.js';

/** An operator sets what shoppers see of a team (admin `team:set-branding`). */
@Injectable()
export class SetTeamBrandingUseCase {
  constructor(private readonly teams: TeamRepository) {}

  async execute(teamId: string, displayName: string | null, logoUrl: string | null): Promise<AuthContracts.Team> {
    return changedTeamView(this.teams, teamId, await this.teams.setBranding(teamId, displayName, logoUrl));
  }
}
