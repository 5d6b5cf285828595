import { describe, expect, it } from 'vitest';
import { nextAttemptAt } from './schedule.js';

const schedule = { baseMs: 10_000, retryWindowMs: 24 * 3600_000 };
const created = new Date('2026-01-01T00:00:00Z');
const after = (ms: number) => new Date(created.getTime() + ms);

describe('the retry schedule', () => {
  it('waits 10 s, then three times longer each time, at most an hour', () => {
    const waits = [1, 2, 3, 4, 10].map((attempts) => nextAttemptAt(schedule, attempts, created, created)!.getTime() - created.getTime());
    expect(waits).toEqual([10_000, 30_000, 90_000, 270_000, 3600_000]);
  });

  it('stops once the next attempt would fall past the retry window', () => {
    expect(nextAttemptAt(schedule, 5, created, after(23 * 3600_000))).toBeInstanceOf(Date);
    expect(nextAttemptAt(schedule, 30, created, after(23.9 * 3600_000))).toBeUndefined();
    expect(nextAttemptAt({ baseMs: 0, retryWindowMs: 0 }, 1, created, after(1))).toBeUndefined();
  });
});
