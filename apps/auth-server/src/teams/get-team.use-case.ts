import { Injectable } from '@nestjs/common';
import { type AuthContracts } from '@cps/contracts';
import { checkRedirectOrigin, MAX_REDIRECT_ORIGINS } from '@cps/domain';
import { RpcRefusal } from '@cps/messaging';
import { type TeamEntity } from './team.entity.js';
import { TeamRepository } from './team.repository.js';

type Team = AuthContracts.Team;

export function teamView(team: TeamEntity): Team {
  return {
    team_id: team.id,
    name: team.name,
    rate_limit_per_minute: team.rateLimitPerMinute,
    rate_limit_burst: team.rateLimitBurst,
    display_name: team.displayName,
    logo_url: team.logoUrl,
    privacy_policy_url: team.privacyPolicyUrl,
    history_window_days: team.historyWindowDays,
    redirect_origins: team.redirectOrigins,
  };
}

@Injectable()
export class GetTeamUseCase {
  constructor(private readonly teams: TeamRepository) {}

  async execute(teamId: string): Promise<Team> {
    const team = await this.teams.find(teamId);
    if (!team) throw new RpcRefusal(404, `team ${teamId} not found`);
    return teamView(team);
  }
}

/** An operator's change of a team's REST API rate limit (admin `team:set-rate-limit`). */
@Injectable()
export class SetTeamRateLimitUseCase {
  constructor(private readonly teams: TeamRepository) {}

  async execute(teamId: string, perMinute: number | null, burst: number | null): Promise<Team> {
    if (!(await this.teams.setRateLimit(teamId, perMinute, burst))) {
      throw new RpcRefusal(404, `team ${teamId} not found`);
    }
    return teamView((await this.teams.find(teamId))!);
  }
}

/** An operator sets what shoppers see of a team (admin `team:set-branding`). */
@Injectable()
export class SetTeamBrandingUseCase {
  constructor(private readonly teams: TeamRepository) {}

  async execute(teamId: string, displayName: string | null, logoUrl: string | null): Promise<Team> {
    if (!(await this.teams.setBranding(teamId, displayName, logoUrl))) {
      throw new RpcRefusal(404, `team ${teamId} not found`);
    }
    return teamView((await this.teams.find(teamId))!);
  }
}

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

  async execute(request: AuthContracts.SetTeamSharingRequest): Promise<Team> {
    const changes: Parameters<TeamRepository['setSharingProfile']>[1] = {};
    if (request.displayName !== undefined) changes.displayName = request.displayName;
    if (request.privacyPolicyUrl !== undefined) changes.privacyPolicyUrl = request.privacyPolicyUrl;
    if (request.historyWindowDays !== undefined) changes.historyWindowDays = request.historyWindowDays;
    if (request.redirectOrigins !== undefined) changes.redirectOrigins = redirectOrigins(request.redirectOrigins);
    if (!(await this.teams.setSharingProfile(request.teamId, changes))) {
      throw new RpcRefusal(404, `team ${request.teamId} not found`);
    }
    return teamView((await this.teams.find(request.teamId))!);
  }
}
