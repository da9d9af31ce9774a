/** The preset ranges, in days ending today (UTC). */
export const PRESET_DAYS = [7, 30, 90] as const;
export const DEFAULT_DAYS = 30;
/** sync-service answers at most a year (leap day included). */
export const MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface OverviewRange {
  from: string;
  to: string;
  /** The preset chosen, null for a custom range. */
  preset: number | null;
  /** Why a custom range was not used (the default is shown instead). */
  error: string | null;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isDay = (value: string) => DAY.test(value) && dayOf(Date.parse(`${value}T00:00:00Z`) || 0) === value;

function preset(days: number, today: Date, error: string | null = null): OverviewRange {
  const to = dayOf(today.getTime());
  return { from: dayOf(today.getTime() - (days - 1) * DAY_MS), to, preset: days, error };
}

/**
 * The range an overview URL asks for: `?days=7|30|90` (ending today, UTC) or `?from=YYYY-MM-DD&to=YYYY-MM-DD`
 * (both days included); anything else is the default 30 days, with a reason when a custom range was refused.
 */
export function overviewRange(query: { days?: string; from?: string; to?: string }, today: Date): OverviewRange {
  const from = query.from ?? '';
  const to = query.to ?? '';
  if (from || to) {
    if (!isDay(from) || !isDay(to)) return preset(DEFAULT_DAYS, today, 'Choose both days of a custom range.');
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (days < 1) return preset(DEFAULT_DAYS, today, 'The first day of the range comes after the last.');
    if (days > MAX_DAYS) return preset(DEFAULT_DAYS, today, `A range is at most ${MAX_DAYS} days.`);
    return { from, to, preset: null, error: null };
  }
  const days = Number(query.days ?? '');
  return preset((PRESET_DAYS as readonly number[]).includes(days) ? days : DEFAULT_DAYS, today);
}

/** The query string that shows `range` again (links, CSV downloads). */
export function rangeQuery(range: OverviewRange): string {
  return range.preset !== null && !range.error ? `days=${range.preset}` : `from=${range.from}&to=${range.to}`;
}

/** A change from the previous period: the difference and the percentage (null when the previous was zero). */
export function delta(current: number, previous: number): { absolute: number; percent: number | null } {
  return {
    absolute: current - previous,
    percent: previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10,
  };
}
