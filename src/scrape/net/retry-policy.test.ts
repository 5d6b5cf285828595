import { describe, expect, it } from 'vitest';
import { createRetryPolicy, parseRetryAfter } from './retry-policy.js';

const NOW = Date.parse('2025-01-01T00:00:00Z');

describe('Retry-After parsing', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('3', NOW)).toBe(3000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', NOW)).toBe(5000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', NOW)).toBe(0);
  });

  it('ignores values that are neither', () => {
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-1', NOW)).toBeUndefined();
    expect(parseRetryAfter('1.5', NOW)).toBeUndefined();
  });
});

describe('retry policy', () => {
  const policy = createRetryPolicy({ maxRetries: 2, baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.5 });

  it('retries only 429 and 503', () => {
    expect(policy.delayBeforeRetry({ status: 429, retryAfter: undefined, retriesSoFar: 0, now: NOW })).toBeDefined();
    expect(policy.delayBeforeRetry({ status: 503, retryAfter: undefined, retriesSoFar: 0, now: NOW })).toBeDefined();
    for (const status of [200, 404, 500, 502, 504]) {
      expect(policy.delayBeforeRetry({ status, retryAfter: undefined, retriesSoFar: 0, now: NOW })).toBeUndefined();
    }
  });

  it('backs off exponentially with jitter', () => {
    const delays = [0, 1].map((retriesSoFar) => policy.delayBeforeRetry({ status: 503, retryAfter: undefined, retriesSoFar, now: NOW }));
    expect(delays).toEqual([75, 150]);
    const jittered = createRetryPolicy({ baseDelayMs: 100, random: () => 0 });
    expect(jittered.delayBeforeRetry({ status: 503, retryAfter: undefined, retriesSoFar: 0, now: NOW })).toBe(50);
  });

  it('honours Retry-After up to the cap, and gives up beyond it', () => {
    expect(policy.delayBeforeRetry({ status: 429, retryAfter: '1', retriesSoFar: 0, now: NOW })).toBe(1000);
    expect(policy.delayBeforeRetry({ status: 429, retryAfter: '2', retriesSoFar: 0, now: NOW })).toBeUndefined();
  });

  it('stops after the retry budget', () => {
    expect(policy.delayBeforeRetry({ status: 429, retryAfter: '0', retriesSoFar: 2, now: NOW })).toBeUndefined();
  });
});
