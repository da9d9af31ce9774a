import { Injectable } from '@nestjs/common';
import Provider from 'oidc-provider';
import { UserRepository } from '../../users/user.repository.js';
import { GrantTeamRepository } from './grant-team.repository.js';
import { type Interaction } from './interaction.js';
import { InteractionScopes } from './interaction-scopes.js';

/**
 * The user allowed the app: an oidc-provider grant of the requested scopes on their resource, and the team chosen
 * for it (which the code and its tokens carry). Null when `team` is not one of the user's teams.
 */
@Injectable()
export class GrantConsentUseCase {
  constructor(
    private readonly provider: Provider,
    private readonly users: UserRepository,
    private readonly grantTeams: GrantTeamRepository,
    private readonly scopes: InteractionScopes,
  ) {}

  async execute(interaction: Interaction, accountId: string, clientId: string, team: unknown): Promise<string | null> {
    const teams = await this.users.teamsOf(accountId);
    const chosen = teams.find((candidate) => candidate.id === team);
    if (!chosen) return null;
    const { resource, scope } = await this.scopes.of(interaction);
    const grant = new this.provider.Grant({ accountId, clientId });
    grant.addResourceScope(resource, scope);
    const grantId = await grant.save();
    await this.grantTeams.record({ grantId, clientId, teamId: chosen.id, userId: accountId, scope });
    return grantId;
  }
}
