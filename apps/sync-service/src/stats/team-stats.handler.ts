import { Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CONNECTION_STATUSES, publicConnectionStatusSql, SyncContracts } from '@cps/contracts';
import { answer, rpcHandlers } from '@cps/messaging';
import { DataSource } from 'typeorm';

/** Counts for the brand dashboard's overview, read straight from the team's rows (two grouped queries). */
@Injectable()
export class TeamStatsQuery {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** `simulated`: only simulated or only real connections (the dashboard never mixes them); null: both. */
  async execute(teamId: string, days: number, simulated: boolean | null = null): Promise<SyncContracts.TeamStats> {
    const [byStatus, perDay]: [Array<{ status: string; count: number }>, Array<{ date: string; purchases: number }>] =
      await Promise.all([
        this.db.query(
          `SELECT ${publicConnectionStatusSql('status')} AS status, count(*)::int AS count
           FROM sync.connections WHERE team_id = $1 AND deleted_at IS NULL
             AND ($2::boolean IS NULL OR is_simulated = $2) GROUP BY 1`,
          [teamId, simulated],
        ),
        this.db.query(
          `WITH counted AS (
             SELECT (p.date AT TIME ZONE 'UTC')::date AS day, count(*)::int AS purchases
             FROM sync.purchases p JOIN sync.connections c ON c.id = p.connection_id AND c.deleted_at IS NULL
             WHERE p.team_id = $1 AND p.date >= ((now() AT TIME ZONE 'UTC')::date - ($2::int - 1)) AT TIME ZONE 'UTC'
               AND ($3::boolean IS NULL OR c.is_simulated = $3)
             GROUP BY 1)
           SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(counted.purchases, 0) AS purchases
           FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date, '1 day') AS d(day)
           LEFT JOIN counted ON counted.day = d.day
           ORDER BY d.day`,
          [teamId, days, simulated],
        ),
      ]);
    const counts = new Map(byStatus.map((row) => [row.status, row.count]));
    return {
      connections: CONNECTION_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
      purchases_per_day: perDay,
    };
  }
}

export const TeamStatsHandler = rpcHandlers('TeamStatsHandler', [
  answer(SyncContracts.teamStats, TeamStatsQuery, (useCase, request) =>
    useCase.execute(request.teamId, request.days ?? 90, request.simulated ?? null),
  ),
]);

@Module({ controllers: [TeamStatsHandler], providers: [TeamStatsQuery] })
export class TeamStatsModule {}
