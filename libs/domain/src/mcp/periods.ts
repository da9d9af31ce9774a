/** A date range in plain words, half-open: `from` inclusive, `to` exclusive; a missing bound is open. */
export interface Period {
  from?: Date;
  to?: Date;
  /** A column-friendly name: `march_2026`, `last_30_days`. */
  label: string;
}

export interface FoundPeriod {
  period: Period;
  start: number;
  end: number;
}

const DAY = 86_400_000;
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
const MONTH_ALIASES: Record<string, number> = Object.fromEntries([
  ...MONTHS.map((name, index) => [name, index] as const),
  ...['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'].map(
    (name) => [name, MONTHS.findIndex((month) => month.startsWith(name.slice(0, 3)))] as const,
  ),
]);
const MONTH = `(${Object.keys(MONTH_ALIASES)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const ISO_DATE = '(\\d{4}-\\d{2}-\\d{2})';
/** Any month name, as a group that captures nothing. */
const MONTH_ANY = `(?:${MONTH.slice(1, -1)})`;
const UNIT = '(day|week|month|quarter|year)';

const utc = (year: number, month: number, day = 1) => new Date(Date.UTC(year, month, day));
const startOfDay = (date: Date) => utc(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
const startOfWeek = (date: Date) => new Date(startOfDay(date).getTime() - ((date.getUTCDay() + 6) % 7) * DAY);
const startOfMonth = (date: Date) => utc(date.getUTCFullYear(), date.getUTCMonth());
const startOfQuarter = (date: Date) => utc(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3);
const startOfYear = (date: Date) => utc(date.getUTCFullYear(), 0);

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

function startOf(unit: Unit, date: Date): Date {
  switch (unit) {
    case 'day':
      return startOfDay(date);
    case 'week':
      return startOfWeek(date);
    case 'month':
      return startOfMonth(date);
    case 'quarter':
      return startOfQuarter(date);
    case 'year':
      return startOfYear(date);
  }
}

/** `date` moved by `count` units (negative: back); months and years keep the day where the calendar allows. */
export function shift(date: Date, unit: Unit, count: number): Date {
  const copy = new Date(date.getTime());
  switch (unit) {
    case 'day':
      return new Date(date.getTime() + count * DAY);
    case 'week':
      return new Date(date.getTime() + count * 7 * DAY);
    case 'month':
      copy.setUTCMonth(copy.getUTCMonth() + count);
      return copy;
    case 'quarter':
      copy.setUTCMonth(copy.getUTCMonth() + 3 * count);
      return copy;
    case 'year':
      copy.setUTCFullYear(copy.getUTCFullYear() + count);
      return copy;
  }
}

/** The named month of `year`, or its latest occurrence that has begun by `now`. */
function monthPeriod(monthWord: string, yearWord: string | undefined, now: Date): Period {
  const month = MONTH_ALIASES[monthWord]!;
  const year = yearWord
    ? Number(yearWord)
    : month <= now.getUTCMonth()
      ? now.getUTCFullYear()
      : now.getUTCFullYear() - 1;
  return { from: utc(year, month), to: utc(year, month + 1), label: `${MONTHS[month]}_${year}` };
}

function parseIsoDate(text: string): Date | null {
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date;
}

/** "march 5", "march 5th 2026": that day of `year`, or its latest occurrence that has begun by `now`. */
function namedDayPeriod(monthWord: string, dayWord: string, yearWord: string | undefined, now: Date): Period | null {
  const month = MONTH_ALIASES[monthWord]!;
  const day = Number(dayWord);
  let year = yearWord ? Number(yearWord) : now.getUTCFullYear();
  if (!yearWord && utc(year, month, day) > now) year -= 1;
  const from = utc(year, month, day);
  if (from.getUTCMonth() !== month) return null;
  return { from, to: new Date(from.getTime() + DAY), label: from.toISOString().slice(0, 10).replaceAll('-', '_') };
}

/** "q1 2026", "first quarter of 2026", "h1 2025", "second half of 2025"; without a year, the latest begun. */
function partOfYear(unit: 'quarter' | 'half', index: number, yearWord: string | undefined, now: Date): Period {
  const months = unit === 'quarter' ? 3 : 6;
  let year = yearWord ? Number(yearWord) : now.getUTCFullYear();
  if (!yearWord && utc(year, index * months) > now) year -= 1;
  return {
    from: utc(year, index * months),
    to: utc(year, (index + 1) * months),
    label: `${unit === 'quarter' ? 'q' : 'h'}${index + 1}_${year}`,
  };
}
const ORDINALS: Record<string, number> = {
  first: 0,
  '1st': 0,
  second: 1,
  '2nd': 1,
  third: 2,
  '3rd': 2,
  fourth: 3,
  '4th': 3,
};

function dayPeriod(text: string): Period | null {
  const from = parseIsoDate(text);
  return from ? { from, to: new Date(from.getTime() + DAY), label: text.replaceAll('-', '_') } : null;
}

/** A point in time words name (a date, a month, a year): the period it covers. */
function pointPeriod(text: string, now: Date, yearHint?: string): Period | null {
  const iso = new RegExp(`^${ISO_DATE}$`).exec(text);
  if (iso) return dayPeriod(iso[1]!);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) return dayPeriod(`${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`);
  const day = new RegExp(`^${MONTH} (\\d{1,2})(?:st|nd|rd|th)?(?: (\\d{4}))?$`).exec(text);
  if (day) return namedDayPeriod(day[1]!, day[2]!, day[3] ?? yearHint, now);
  const quarter = /^(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th) quarter(?: of)?)(?: (\d{4}))?$/.exec(text);
  if (quarter)
    return partOfYear('quarter', quarter[1] ? Number(quarter[1]) - 1 : ORDINALS[quarter[2]!]!, quarter[3], now);
  const half = /^(?:h([12])|(first|second|1st|2nd) half(?: of)?)(?: (\d{4}))?$/.exec(text);
  if (half) return partOfYear('half', half[1] ? Number(half[1]) - 1 : ORDINALS[half[2]!]!, half[3], now);
  const month = new RegExp(`^${MONTH}(?: (\\d{4}))?$`).exec(text);
  if (month) return monthPeriod(month[1]!, month[2] ?? yearHint, now);
  const year = /^(\d{4})$/.exec(text);
  if (year) return { from: utc(Number(year[1]), 0), to: utc(Number(year[1]) + 1, 0), label: year[1]! };
  return null;
}

const DAY_WORDS = `${MONTH_ANY} \\d{1,2}(?:st|nd|rd|th)?(?: \\d{4})?(?!\\d)`;
const PART_WORDS =
  '(?:q[1-4]|h[12]|(?:first|second|third|fourth|1st|2nd|3rd|4th) quarter(?: of)?|(?:first|second|1st|2nd) half(?: of)?)(?: \\d{4})?';
const POINT = `(${ISO_DATE.slice(1, -1)}|\\d{1,2}/\\d{1,2}/\\d{4}|${DAY_WORDS}|${PART_WORDS}|${MONTH_ANY}(?: \\d{4})?|\\d{4})`;

/** Two points as a range from the first's start to the second's end; a year only on the second holds for both. */
function rangeOf(firstWords: string, lastWords: string, now: Date): Period | null {
  const year = /(\d{4})$/.exec(lastWords)?.[1];
  const first = pointPeriod(firstWords, now, /\d{4}$/.test(firstWords) ? undefined : year);
  const last = pointPeriod(lastWords, now);
  if (!first || !last || !first.from || !last.to || first.from >= last.to) return null;
  return { from: first.from, to: last.to, label: `${first.label}_to_${last.label}` };
}

interface Rule {
  pattern: RegExp;
  build(match: RegExpExecArray, now: Date): Period | null;
}

const RULES: Rule[] = [
  {
    pattern: new RegExp(`\\bbetween ${POINT} and ${POINT}\\b`, 'g'),
    build: (m, now) => rangeOf(m[1]!, m[2]!, now),
  },
  {
    pattern: new RegExp(`\\bfrom ${POINT} (?:to|until|through|thru|-) ${POINT}\\b`, 'g'),
    build: (m, now) => rangeOf(m[1]!, m[2]!, now),
  },
  {
    pattern: new RegExp(`\\b${POINT} (?:through|thru|-) ${POINT}\\b`, 'g'),
    build: (m, now) => rangeOf(m[1]!, m[2]!, now),
  },
  {
    pattern: new RegExp(
      `\\b(?:in the |over the |during the |for the )?(?:last|past|previous) (\\d{1,4}) ${UNIT}s?\\b`,
      'g',
    ),
    build: (m, now) => {
      const count = Number(m[1]);
      if (count < 1) return null;
      return { from: shift(now, m[2] as Unit, -count), label: `last_${count}_${m[2]}s` };
    },
  },
  {
    pattern: new RegExp(`\\b(last|previous|this|current) ${UNIT}\\b`, 'g'),
    build: (m, now) => {
      const unit = m[2] as Unit;
      const current = startOf(unit, now);
      if (m[1] === 'this' || m[1] === 'current') {
        return { from: current, to: shift(current, unit, 1), label: `this_${unit}` };
      }
      return { from: shift(current, unit, -1), to: current, label: `last_${unit}` };
    },
  },
  {
    // "the past week": the 7 days to now (where "last week" is the calendar week before this one).
    pattern: new RegExp(`\\b(?:in |over |during |for )?the past ${UNIT}\\b`, 'g'),
    build: (m, now) => ({ from: shift(now, m[1] as Unit, -1), label: `past_${m[1]}` }),
  },
  {
    pattern: /\b(year|month|quarter) to date\b|\b(ytd|mtd|qtd)\b/g,
    build: (m, now) => {
      const unit =
        m[1] === 'month' || m[2] === 'mtd' ? 'month' : m[1] === 'quarter' || m[2] === 'qtd' ? 'quarter' : 'year';
      return { from: startOf(unit, now), label: `${unit}_to_date` };
    },
  },
  {
    pattern: /\b(today|yesterday)\b/g,
    build: (m, now) => {
      const today = startOfDay(now);
      return m[1] === 'today'
        ? { from: today, to: new Date(today.getTime() + DAY), label: 'today' }
        : { from: new Date(today.getTime() - DAY), to: today, label: 'yesterday' };
    },
  },
  {
    pattern: new RegExp(`\\bsince ${POINT}\\b`, 'g'),
    build: (m, now) => {
      const point = pointPeriod(m[1]!, now);
      return point ? { from: point.from, label: `since_${point.label}` } : null;
    },
  },
  {
    pattern: new RegExp(`\\b(?:before|until|prior to) ${POINT}\\b`, 'g'),
    build: (m, now) => {
      const point = pointPeriod(m[1]!, now);
      return point ? { to: point.from, label: `before_${point.label}` } : null;
    },
  },
  {
    pattern: new RegExp(`\\bafter ${POINT}\\b`, 'g'),
    build: (m, now) => {
      const point = pointPeriod(m[1]!, now);
      return point ? { from: point.to, label: `after_${point.label}` } : null;
    },
  },
  {
    // "in March 2026", "in March", "March 2026", "in 2026", "on 2026-03-05", "2026-03-05", "(compared) with 2026"
    pattern: new RegExp(
      `\\b(?:(?:in|during|for|of|on) )?(?:the )?(${ISO_DATE.slice(1, -1)}|\\d{1,2}/\\d{1,2}/\\d{4}|${DAY_WORDS}|${PART_WORDS}|${MONTH_ANY} \\d{4})\\b|\\b(?:in|during|for|of|with|and|vs|versus|than|to) (${MONTH_ANY}(?! \\d)|\\d{4})\\b`,
      'g',
    ),
    build: (m, now) => pointPeriod(m[1] ?? m[2]!, now),
  },
  {
    // A year on its own ("Spend at Target: 2025 vs 2024"), not an amount or part of a date.
    pattern: /(?<![$\d.,/-])\b(20\d{2})\b(?![\d/-])/g,
    build: (m, now) => pointPeriod(m[1]!, now),
  },
];

/** Every date phrase of `text` (lower case, single spaces), in the order they appear, none overlapping. */
export function findPeriods(text: string, now: Date): FoundPeriod[] {
  const found: FoundPeriod[] = [];
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((other) => start < other.end && other.start < end)) continue;
      const period = rule.build(match as RegExpExecArray, now);
      if (period) found.push({ period, start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
