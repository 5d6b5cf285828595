/**
 * When a failed delivery is tried again: after `base`, then three times longer each time (10 s,
 * 30 s, 90 s, 4.5 min … with the default), each wait at most an hour, until the delivery is
 * `retryWindowMs` old; then it has failed for good.
 */
export interface RetrySchedule {
  readonly baseMs: number;
  readonly retryWindowMs: number;
}

const GROWTH = 3;
const MAX_WAIT_MS = 3600_000;

/** The time of the next attempt after `attempts` failed ones, or undefined when the window is over. */
export function nextAttemptAt(schedule: RetrySchedule, attempts: number, created: Date, now: Date): Date | undefined {
  const wait = Math.min(MAX_WAIT_MS, schedule.baseMs * GROWTH ** Math.max(0, attempts - 1));
  const next = new Date(now.getTime() + wait);
  return next.getTime() - created.getTime() > schedule.retryWindowMs ? undefined : next;
}
