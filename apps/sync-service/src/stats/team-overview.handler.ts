import { Injectable, Module } from '@nestjs/common';
import { SyncContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { overviewPeriod } from './overview-period.js';
import { TeamOverviewRepository } from './team-overview.repository.js';

/** The dashboard overview's figures for one mode (test or live) over a range and the period before it. */
@Injectable()
export class GetTeamOverviewUseCase {
  constructor(private readonly overview: TeamOverviewRepository) {}

  async execute(teamId: string, from: string, to: string, simulated: boolean): Promise<SyncContracts.TeamOverview> {
    const period = overviewPeriod(from, to);
    const [purchases, links] = await Promise.all([
      this.overview.purchases(teamId, period, simulated),
      this.overview.links(teamId, period, simulated),
    ]);
    const withLinks = (figures: SyncContracts.OverviewFigures, current: boolean) => {
      const row = links.find((entry) => entry.current === current);
      return { ...figures, new_links: row?.new_links ?? 0, disconnections: row?.disconnections ?? 0 };
    };
    return {
      previous_from: period.previousFrom,
      previous_to: period.previousTo,
      current: withLinks(purchases.current, true),
      previous: withLinks(purchases.previous, false),
      retailers: purchases.retailers,
      per_day: purchases.per_day,
    };
  }
}

export const TeamOverviewHandler = rpcHandlers('TeamOverviewHandler', [
  answer(SyncContracts.teamOverview, GetTeamOverviewUseCase, (useCase, request) =>
    useCase.execute(request.teamId, request.from, request.to, request.simulated),
  ),
]);

@Module({ controllers: [TeamOverviewHandler], providers: [GetTeamOverviewUseCase, TeamOverviewRepository] })
export class TeamOverviewModule {}
