/**
 * Display strings for dates and lengths the way Google (and so Serper) shows them in result lists:
 * "5 mins ago", "1 day ago", "3 weeks ago"; "4:13", "1:02:03".
 */

/** A duration that cannot be shown: negative, not finite, or an ISO 8601 text we cannot read. */
export class InvalidDurationError extends Error {
  readonly code = 'invalid_duration';

  constructor(message: string) {
    super(message);
    this.name = 'InvalidDurationError';
  }
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** Whole calendar months from `earlier` to `later` (UTC), e.g. Jan 31 → Mar 1 is 1. */
function calendarMonthsBetween(earlier: Date, later: Date): number {
  const months = (later.getUTCFullYear() - earlier.getUTCFullYear()) * 12 + (later.getUTCMonth() - earlier.getUTCMonth());
  const laterInMonth = later.getTime() - Date.UTC(later.getUTCFullYear(), later.getUTCMonth(), 1);
  const earlierInMonth = earlier.getTime() - Date.UTC(earlier.getUTCFullYear(), earlier.getUTCMonth(), 1);
  return laterInMonth < earlierInMonth ? months - 1 : months;
}

/**
 * How long before `now` the date was, always in the "N unit(s) ago" form so clients can parse it:
 * minutes ("min"/"mins", at least 1), hours, days (under a week), weeks (under a month),
 * calendar months (under a year), then years. A date in the future (clock skew) reads "1 min ago".
 */
export function relativeTime(date: Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < HOUR_MS) return ago(Math.max(1, Math.floor(elapsed / MINUTE_MS)), 'min');
  if (elapsed < DAY_MS) return ago(Math.floor(elapsed / HOUR_MS), 'hour');
  const days = Math.floor(elapsed / DAY_MS);
  if (days < 7) return ago(days, 'day');
  const months = calendarMonthsBetween(date, now);
  if (months < 1) return ago(Math.floor(days / 7), 'week');
  if (months < 12) return ago(months, 'month');
  return ago(Math.floor(months / 12), 'year');
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** A length in seconds as `M:SS` under an hour, `H:MM:SS` from an hour on; fractions are rounded. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new InvalidDurationError(`A duration must be a finite number of seconds ≥ 0, got ${seconds}.`);
  }
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(rest)}` : `${minutes}:${twoDigits(rest)}`;
}

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const ISO_DURATION = new RegExp(
  String.raw`^P(?:${NUMBER}Y)?(?:${NUMBER}M)?(?:${NUMBER}W)?(?:${NUMBER}D)?(?:T(?:${NUMBER}H)?(?:${NUMBER}M)?(?:${NUMBER}S)?)?$`,
  'i',
);

/**
 * Seconds in an ISO 8601 duration such as `PT1H2M3S`, `PT45S`, `P1DT2H` or `P2W` (as video sites
 * publish them). Years and months are refused: their length depends on the calendar.
 */
export function parseIsoDuration(text: string): number {
  const match = ISO_DURATION.exec(text.trim());
  const hasComponent = match !== null && match.slice(1).some((part) => part !== undefined);
  if (!match || !hasComponent || /T$/i.test(text.trim())) {
    throw new InvalidDurationError(`Not an ISO 8601 duration: "${text}".`);
  }
  const [, years, months, weeks, days, hours, minutes, seconds] = match;
  if (years !== undefined || months !== undefined) {
    throw new InvalidDurationError(`Durations in years or months have no fixed length: "${text}".`);
  }
  const value = (part: string | undefined): number => (part === undefined ? 0 : Number(part.replace(',', '.')));
  return value(weeks) * 7 * 86_400 + value(days) * 86_400 + value(hours) * 3600 + value(minutes) * 60 + value(seconds);
}
