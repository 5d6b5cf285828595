/** Mapping a request's time window onto the coarse time filters upstreams offer. */
import type { RecencyUnit, TimeWindow } from '../tbs.js';

const UNIT_MS: Readonly<Record<RecencyUnit, number>> = {
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  // The longest month and year, so "the past month" always covers a calendar month back.
  m: 31 * 86_400_000,
  y: 366 * 86_400_000,
};

const UNITS_BY_SIZE: readonly RecencyUnit[] = ['h', 'd', 'w', 'm', 'y'];

/**
 * The smallest of the upstream's named ranges ("past day", "past week"…) that contains the whole
 * window, or undefined when the window has no start or no named range is long enough (then the
 * upstream is asked for everything and the router filters by date).
 */
export function coveringRange(window: TimeWindow, now: number, available: readonly RecencyUnit[]): RecencyUnit | undefined {
  if (window.since === undefined) return undefined;
  const span = now - window.since.getTime();
  return UNITS_BY_SIZE.find((unit) => available.includes(unit) && UNIT_MS[unit] >= span);
}

/** `YYYY-MM-DD` in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
