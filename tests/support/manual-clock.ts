import type { Clock } from '../../src/search/clock.js';

/** A clock that only moves when told to, for suspensions, relative dates and latencies. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(epochMs: number): void;
}

export function createManualClock(start: number | Date = Date.UTC(2025, 0, 15, 12, 0, 0)): ManualClock {
  let current = typeof start === 'number' ? start : start.getTime();
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
    set(epochMs) {
      current = epochMs;
    },
  };
}
