import { RpcRefusal } from '@cps/messaging';

/** The longest range the overview answers (a year, leap day included). */
export const MAX_OVERVIEW_DAYS = 366;

const DAY_MS = 86_400_000;

export interface OverviewPeriod {
  /** First and last day of the range and of the previous period of the same length, `YYYY-MM-DD` (UTC). */
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  days: number;
}

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range asked for and the same number of days just before it; refuses an inverted, unreal or too long range. */
export function overviewPeriod(from: string, to: string): OverviewPeriod {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || toDay(start) !== from || toDay(end) !== to) {
    throw new RpcRefusal(400, `${from} to ${to} is not a range of calendar days`);
  }
  const days = (end - start) / DAY_MS + 1;
  if (days < 1) throw new RpcRefusal(400, `from (${from}) is after to (${to})`);
  if (days > MAX_OVERVIEW_DAYS) throw new RpcRefusal(400, `a range of at most ${MAX_OVERVIEW_DAYS} days, not ${days}`);
  return { from, to, previousFrom: toDay(start - days * DAY_MS), previousTo: toDay(start - DAY_MS), days };
}
