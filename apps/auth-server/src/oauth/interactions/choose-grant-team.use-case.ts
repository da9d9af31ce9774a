import { Injectable } from '@nestjs/common';
import { UserRepository } from '../../users/user.repository.js';
import { type Interaction } from './interaction.js';
import { InteractionScopes } from './interaction-scopes.js';

type Team = { id: string; name: string };

/** Where the consent step goes for a signed-in user: no team to grant, a team to pick, or consent for one team. */
export type TeamChoice =
  | { kind: 'no_team' }
  | { kind: 'pick'; teams: Team[]; error?: string }
  | { kind: 'consent'; team: Team; scopes: string[] };

/**
 * The team an authorization is for: a user in one team grants that one; a user in several picks one (the picker
 * again, with an error, when `team` is not theirs).
 */
@Injectable()
export class ChooseGrantTeamUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly scopes: InteractionScopes,
  ) {}

  async execute(interaction: Interaction, accountId: string, team: unknown): Promise<TeamChoice> {
    const teams = await this.users.teamsOf(accountId);
    if (teams.length === 0) return { kind: 'no_team' };
    const chosen = teams.length === 1 ? teams[0] : teams.find((candidate) => candidate.id === team);
    if (!chosen) return { kind: 'pick', teams, ...(team !== undefined ? { error: 'Choose one of your teams.' } : {}) };
    return { kind: 'consent', team: chosen, scopes: (await this.scopes.of(interaction)).scope.split(' ') };
  }
}
