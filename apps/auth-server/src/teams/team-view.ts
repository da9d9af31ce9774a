import { type AuthContracts } from '@cps/contracts';
import { RpcRefusal } from '@cps/messaging';
import { type TeamEntity } from './team.entity.js';
import { type TeamRepository } from './team.repository.js';

export function teamView(team: TeamEntity): AuthContracts.Team {
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

/** The team as an operator's change left it; 404 when the change found no such team. */
export async function changedTeamView(
  teams: TeamRepository,
  teamId: string,
  changed: boolean,
): Promise<AuthContracts.Team> {
  if (!changed) throw new RpcRefusal(404, `team ${teamId} not found`);
  return teamView((await teams.find(teamId))!);
}
