/**
 * The analytics' periods: whole UTC days, from `from` to `to` inclusive ('YYYY-MM-DD'), as the database
 * keeps its daily figures. A preset ends today (UTC); the comparison is the period of the same length
 * just before.
 */
export const PRESETS = ['today', '7d', '30d', '90d', 'year', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export const PRESET_LABELS: Record<Preset, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  year: 'This year',
  custom: 'Custom range',
};

export const BUCKETS = ['day', 'week', 'month'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface DayRange {
  from: string;
  to: string;
}

/** The longest period the database accepts (days). */
export const MAX_DAYS = 3660;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' of a moment, in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function fromDayNumber(n: number): string {
  return utcDay(new Date(n * DAY_MS));
}

/** A real calendar day written 'YYYY-MM-DD'. */
export function isDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const n = dayNumber(value);
  return Number.isFinite(n) && fromDayNumber(n) === value;
}

/** Days in the period, both ends included. */
export function dayCount({ from, to }: DayRange): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** The period a preset names, ending on `today`. */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: string): DayRange {
  const end = dayNumber(today);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: fromDayNumber(end - 6), to: today };
    case '30d':
      return { from: fromDayNumber(end - 29), to: today };
    case '90d':
      return { from: fromDayNumber(end - 89), to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The period of the same length just before. */
export function previousRange(range: DayRange): DayRange {
  const length = dayCount(range);
  return {
    from: fromDayNumber(dayNumber(range.from) - length),
    to: fromDayNumber(dayNumber(range.from) - 1),
  };
}

/** Why a custom period cannot be used, or null when it can. */
export function rangeError(from: string, to: string): string | null {
  if (!isDay(from)) return 'Enter a start date.';
  if (!isDay(to)) return 'Enter an end date.';
  if (to < from) return 'The end date is before the start date.';
  if (dayCount({ from, to }) > MAX_DAYS) return 'Choose a period of at most 3,660 days (about ten years).';
  return null;
}

/** The bucket that suits a period's length unless one was chosen: days up to 31, weeks up to 120, months beyond. */
export function defaultBucket(range: DayRange): Bucket {
  const days = dayCount(range);
  if (days <= 31) return 'day';
  if (days <= 120) return 'week';
  return 'month';
}

/** '2026-03-05' -> 'Mar 5, 2026' (read as a calendar day). */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The page's choice, read from the address (?range=30d or ?range=custom&from=…&to=…, &by=week). */
export interface AnalyticsParams {
  preset: Preset;
  range: DayRange;
  bucket: Bucket;
  /** The custom dates as typed when they do not make a period. */
  error: string | null;
}

export function readParams(search: URLSearchParams, today: string): AnalyticsParams {
  const raw = search.get('range');
  const preset: Preset = (PRESETS as readonly string[]).includes(raw ?? '') ? (raw as Preset) : '30d';
  let range: DayRange;
  let error: string | null = null;
  if (preset === 'custom') {
    const from = search.get('from') ?? '';
    const to = search.get('to') ?? '';
    error = rangeError(from, to);
    range = error ? presetRange('30d', today) : { from, to };
  } else {
    range = presetRange(preset, today);
  }
  const by = search.get('by') ?? '';
  const bucket: Bucket = (BUCKETS as readonly string[]).includes(by) ? (by as Bucket) : defaultBucket(range);
  return { preset, range, bucket, error };
}
