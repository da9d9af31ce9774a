import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { checkRedirectOrigin, MAX_REDIRECT_ORIGINS } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { TeamRepository } from './team.repository.js';
import { changedTeamView } from './team-view.js';

/** Registered return origins, normalized and without repeats; 422 naming the first that is not an origin. */
function redirectOrigins(raw: string[]): string[] {
  const origins = new Set<string>();
  for (const entry of raw) {
    const checked = checkRedirectOrigin(entry);
    if (!checked.ok) throw new RpcRefusal(422, checked.reason);
    origins.add(checked.origin);
  }
  if (origins.size > MAX_REDIRECT_ORIGINS) throw new RpcRefusal(422, `at most ${MAX_REDIRECT_ORIGINS} return origins`);
  return [...origins];
}

/** An operator's change of what the link flow shows of a team (admin `team:set-sharing`). */
@Injectable()
export class SetTeamSharingUseCase {
  constructor(private readonly teams: TeamRepository) {}

  async execute(request: AuthContracts.SetTeamSharingRequest): Promise<AuthContracts.Team> {
    const changes: Parameters<TeamRepository['setSharingProfile']>[1] = {};
    if (request.displayName !== undefined) changes.displayName = request.displayName;
    if (request.privacyPolicyUrl !== undefined) changes.privacyPolicyUrl = request.privacyPolicyUrl;
    if (request.historyWindowDays !== undefined) changes.historyWindowDays = request.historyWindowDays;
    if (request.redirectOrigins !== undefined) changes.redirectOrigins = redirectOrigins(request.redirectOrigins);
    return changedTeamView(this.teams, request.teamId, await this.teams.setSharingProfile(request.teamId, changes));
  }
}
