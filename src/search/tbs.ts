/**
 * Google's `tbs` ("to be searched") time parameter: comma-separated `key:value` parts.
 * - `qdr:h|d|w|m|y` past hour/day/week/month/year, with an optional count (`qdr:d3` = past 3 days);
 * - `sbd:1` sort strictly by date (`sbd:0` is the default relevance order);
 * - `cdr:1,cd_min:M/D/YYYY,cd_max:M/D/YYYY` a custom date range (either bound may be left out).
 */

export const RECENCY_UNITS = ['h', 'd', 'w', 'm', 'y'] as const;
export type RecencyUnit = (typeof RECENCY_UNITS)[number];

const MAX_RECENCY_COUNT = 1000;

export interface TbsSpec {
  /** `qdr:`: the past `count` units. */
  readonly recent?: { readonly unit: RecencyUnit; readonly count: number };
  /** `cdr:1`: whole UTC days from `from` to `to`, inclusive. */
  readonly range?: { readonly from?: Date; readonly to?: Date };
  readonly sortByDate: boolean;
}

/** The concrete window a search must respect. */
export interface TimeWindow {
  readonly since?: Date;
  readonly until?: Date;
  readonly sortByDate: boolean;
}

/** A `tbs` value that cannot be understood; `message` is meant for the `tbs` field of a 400 body. */
export class InvalidTbsError extends Error {
  readonly code = 'invalid_tbs';
  readonly field = 'tbs';

  constructor(message: string) {
    super(message);
    this.name = 'InvalidTbsError';
  }
}

const QDR = /^([hdwmy])(\d{1,4})?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function parseUsDate(key: string, value: string): Date {
  const match = US_DATE.exec(value);
  const [month, day, year] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!match || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new InvalidTbsError(`${key} must be a date written M/D/YYYY, got "${value}".`);
  }
  return date;
}

/** Parses a `tbs` value; an empty value means no time restriction. Throws `InvalidTbsError`. */
export function parseTbs(raw: string): TbsSpec {
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const seen = new Set<string>();
  let recent: TbsSpec['recent'];
  let customRange = false;
  let from: Date | undefined;
  let to: Date | undefined;
  let sortByDate = false;

  for (const part of parts) {
    const colon = part.indexOf(':');
    const key = (colon < 0 ? part : part.slice(0, colon)).toLowerCase();
    const value = colon < 0 ? '' : part.slice(colon + 1).trim();
    if (seen.has(key)) throw new InvalidTbsError(`"${key}" appears more than once.`);
    seen.add(key);
    switch (key) {
      case 'qdr': {
        const match = QDR.exec(value.toLowerCase());
        const unit = RECENCY_UNITS.find((candidate) => candidate === match?.[1]);
        const count = match?.[2] === undefined ? 1 : Number(match[2]);
        if (!unit || count < 1 || count > MAX_RECENCY_COUNT) {
          throw new InvalidTbsError(
            `qdr must be one of h, d, w, m, y, optionally followed by a count from 1 to ${MAX_RECENCY_COUNT} (e.g. qdr:d3); got "${value}".`,
          );
        }
        recent = { unit, count };
        break;
      }
      case 'sbd':
        if (value !== '0' && value !== '1') throw new InvalidTbsError(`sbd must be 0 or 1, got "${value}".`);
        sortByDate = value === '1';
        break;
      case 'cdr':
        if (value !== '1') throw new InvalidTbsError(`cdr must be 1, got "${value}".`);
        customRange = true;
        break;
      case 'cd_min':
        from = parseUsDate(key, value);
        break;
      case 'cd_max':
        to = parseUsDate(key, value);
        break;
      default:
        throw new InvalidTbsError(`Unknown tbs part "${part}"; expected qdr:…, sbd:…, cdr:1, cd_min:… or cd_max:….`);
    }
  }
  if (recent && customRange) throw new InvalidTbsError('qdr and cdr cannot be combined.');
  if ((from || to) && !customRange) throw new InvalidTbsError('cd_min and cd_max need cdr:1.');
  if (customRange && !from && !to) throw new InvalidTbsError('cdr:1 needs cd_min, cd_max or both.');
  if (from && to && from > to) throw new InvalidTbsError('cd_min is after cd_max.');

  return {
    ...(recent ? { recent } : {}),
    ...(customRange ? { range: { ...(from ? { from } : {}), ...(to ? { to } : {}) } } : {}),
    sortByDate,
  };
}

/** The validation message for a `tbs` value, or undefined when it is valid. */
export function tbsError(raw: string): string | undefined {
  try {
    parseTbs(raw);
    return undefined;
  } catch (error) {
    if (error instanceof InvalidTbsError) return error.message;
    throw error;
  }
}

/** Calendar arithmetic in UTC that clamps the day (31 March minus one month is 28/29 February). */
function minusMonths(now: Date, months: number): Date {
  const shifted = new Date(now.getTime());
  const day = shifted.getUTCDate();
  shifted.setUTCDate(1);
  shifted.setUTCMonth(shifted.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, 0)).getUTCDate();
  shifted.setUTCDate(Math.min(day, lastDay));
  return shifted;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Turns a parsed `tbs` into concrete instants relative to `now`. */
export function tbsWindow(tbs: TbsSpec | undefined, now: Date): TimeWindow {
  if (!tbs) return { sortByDate: false };
  const { recent, range, sortByDate } = tbs;
  if (recent) {
    const { unit, count } = recent;
    const since =
      unit === 'h'
        ? new Date(now.getTime() - count * HOUR_MS)
        : unit === 'd'
          ? new Date(now.getTime() - count * DAY_MS)
          : unit === 'w'
            ? new Date(now.getTime() - count * 7 * DAY_MS)
            : minusMonths(now, unit === 'm' ? count : count * 12);
    return { since, sortByDate };
  }
  if (range) {
    return {
      ...(range.from ? { since: range.from } : {}),
      ...(range.to ? { until: new Date(range.to.getTime() + DAY_MS - 1) } : {}),
      sortByDate,
    };
  }
  return { sortByDate };
}

function usDate(date: Date): string {
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

/** Serialises a parsed `tbs` in canonical form, for engines that take Google's parameter as is. */
export function formatTbs(tbs: TbsSpec): string {
  const parts: string[] = [];
  if (tbs.recent) parts.push(`qdr:${tbs.recent.unit}${tbs.recent.count === 1 ? '' : tbs.recent.count}`);
  if (tbs.range) {
    parts.push('cdr:1');
    if (tbs.range.from) parts.push(`cd_min:${usDate(tbs.range.from)}`);
    if (tbs.range.to) parts.push(`cd_max:${usDate(tbs.range.to)}`);
  }
  if (tbs.sortByDate) parts.push('sbd:1');
  return parts.join(',');
}
