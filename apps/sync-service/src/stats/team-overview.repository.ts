import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type SyncContracts } from '@cps/contracts';
import { DataSource } from 'typeorm';
import { type OverviewPeriod } from './overview-period.js';

type Figures = SyncContracts.OverviewFigures;

/** GROUPING(retailer_id, day): 3 for a period's totals, 1 per retailer, 2 per day. */
const TOTALS = 3;
const PER_RETAILER = 1;
const PER_DAY = 2;

interface PurchaseRow {
  grouping_set: number;
  current: boolean;
  retailer_id: string | null;
  name: string | null;
  day: string | null;
  purchases: number;
  shoppers: number;
  spend: string;
  units: number;
}

/**
 * The overview's figures, from the summaries triggers keep on every purchase and connection write (sync migration
 * 1739300000000): the daily figures of both periods in one pass (grouping sets: per period, per period and retailer,
 * per day of the range), the shoppers whose purchase days overlap each period, and one pass over the connection
 * activity. Like every other page they leave out purchases of deleted connections and those before a connection's
 * sharing window.
 */
@Injectable()
export class TeamOverviewRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async purchases(
    teamId: string,
    period: OverviewPeriod,
    simulated: boolean,
  ): Promise<Pick<SyncContracts.TeamOverview, 'retailers' | 'per_day'> & { current: Figures; previous: Figures }> {
    const rows: PurchaseRow[] = await this.db.query(
      `WITH periods (current, first, last) AS (VALUES (true, $3::date, $5::date), (false, $4::date, $3::date - 1)),
       figures AS (
         SELECT GROUPING(d.retailer_id, range_day)::int AS grouping_set, p.current, d.retailer_id, range_day AS day,
                sum(d.purchases)::int AS purchases, sum(d.spend) AS spend, sum(d.units) AS units
         FROM sync.overview_days d JOIN periods p ON d.day BETWEEN p.first AND p.last,
              LATERAL (SELECT CASE WHEN p.current THEN d.day END AS range_day) current_day
         WHERE d.team_id = $1 AND d.is_simulated = $2
         GROUP BY GROUPING SETS ((p.current), (p.current, d.retailer_id), (p.current, range_day))
         HAVING sum(d.purchases) > 0),
       -- A shopper counts in a period when one of their purchase days falls in it (the days as a multirange).
       pairs AS (
         SELECT p.current, s.retailer_id, s.customer_id
         FROM sync.overview_shoppers s JOIN periods p ON s.days && daterange(p.first, p.last, '[]')
         WHERE s.team_id = $1 AND s.is_simulated = $2),
       shoppers AS (
         SELECT current, retailer_id, count(*)::int AS shoppers FROM pairs GROUP BY current, retailer_id
         UNION ALL
         SELECT current, NULL, count(DISTINCT customer_id)::int FROM pairs GROUP BY current)
       SELECT f.grouping_set, f.current, f.retailer_id, r.name, to_char(f.day, 'YYYY-MM-DD') AS day, f.purchases,
              coalesce(s.shoppers, 0) AS shoppers, f.spend::numeric(16, 2)::text AS spend, f.units::int AS units
       FROM figures f
       LEFT JOIN shoppers s ON f.grouping_set <> ${PER_DAY} AND s.current = f.current
         AND s.retailer_id IS NOT DISTINCT FROM f.retailer_id
       LEFT JOIN sync.retailers r ON r.id = f.retailer_id`,
      [teamId, simulated, period.from, period.previousFrom, period.to],
    );
    return {
      current: totals(rows, true),
      previous: totals(rows, false),
      retailers: rows
        .filter((row) => row.current && row.grouping_set === PER_RETAILER)
        .map(({ retailer_id, name, purchases, shoppers, spend, units }) => ({
          retailer_id: retailer_id!,
          name: name ?? retailer_id!,
          purchases,
          shoppers,
          spend,
          units,
        }))
        .sort((a, b) => b.purchases - a.purchases || a.name.localeCompare(b.name)),
      per_day: everyDay(
        period,
        rows.filter((row) => row.current && row.grouping_set === PER_DAY),
      ),
    };
  }

  /** New links (first activation) and disconnections (a linked connection disconnected, revoked or deleted) per period. */
  async links(
    teamId: string,
    period: OverviewPeriod,
    simulated: boolean,
  ): Promise<Array<{ current: boolean; new_links: number; disconnections: number }>> {
    return this.db.query(
      `SELECT a.occurred_at >= ($3::date AT TIME ZONE 'UTC') AS current,
              count(DISTINCT a.connection_id) FILTER (WHERE a.event = 'connection_activated')::int AS new_links,
              count(DISTINCT a.connection_id) FILTER (
                WHERE a.connection_before->>'status' IN ('active', 'unauthenticated')
                  AND (a.connection_after IS NULL OR a.connection_after->>'status' IN ('disconnected', 'revoked')))::int
                AS disconnections
       FROM sync.connection_activity a JOIN sync.connections c ON c.id = a.connection_id
       WHERE a.team_id = $1 AND c.is_simulated = $2
         AND a.occurred_at >= ($4::date AT TIME ZONE 'UTC') AND a.occurred_at < (($5::date + 1) AT TIME ZONE 'UTC')
       GROUP BY 1`,
      [teamId, simulated, period.from, period.previousFrom, period.to],
    );
  }
}

function totals(rows: PurchaseRow[], current: boolean): Figures {
  const row = rows.find((entry) => entry.current === current && entry.grouping_set === TOTALS);
  return {
    purchases: row?.purchases ?? 0,
    shoppers: row?.shoppers ?? 0,
    spend: row?.spend ?? '0.00',
    units: row?.units ?? 0,
    new_links: 0,
    disconnections: 0,
  };
}

const DAY_MS = 86_400_000;

function everyDay(period: OverviewPeriod, rows: PurchaseRow[]): SyncContracts.OverviewDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const start = Date.parse(`${period.from}T00:00:00Z`);
  return Array.from({ length: period.days }, (_, index) => {
    const date = new Date(start + index * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(date);
    return { date, purchases: row?.purchases ?? 0, spend: row?.spend ?? '0.00' };
  });
}
