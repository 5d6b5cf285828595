import { describe, it, expect } from 'vitest';
import { createCircuitBreaker } from './breaker.js';

describe('circuit breaker', () => {
  it('lets every call through while closed', () => {
    const breaker = createCircuitBreaker();
    expect([breaker.tryAcquire(0), breaker.tryAcquire(0)]).toEqual([true, true]);
    expect(breaker.snapshot(0)).toEqual({ status: 'ok', consecutiveFailures: 0 });
  });

  it('doubles the suspension with each consecutive failure up to the cap', () => {
    const breaker = createCircuitBreaker({ baseSuspensionMs: 1000, maxSuspensionMs: 5000 });
    const suspensions: number[] = [];
    let now = 0;
    for (let i = 0; i < 5; i++) {
      breaker.recordFailure('upstream', now);
      const until = breaker.snapshot(now).suspendedUntil ?? now;
      suspensions.push(until - now);
      now = until;
      expect(breaker.tryAcquire(now)).toBe(true);
    }
    expect(suspensions).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('grants one probe after the suspension and none to others until it ends', () => {
    const breaker = createCircuitBreaker();
    breaker.recordFailure('timeout', 0);
    expect(breaker.tryAcquire(999)).toBe(false);
    expect(breaker.tryAcquire(1000)).toBe(true);
    expect(breaker.snapshot(1000).status).toBe('probing');
    expect(breaker.tryAcquire(1000)).toBe(false);
    breaker.recordSuccess();
    expect(breaker.tryAcquire(1000)).toBe(true);
    expect(breaker.snapshot(1000)).toEqual({ status: 'ok', consecutiveFailures: 0 });
  });

  it('frees the probe slot when the probing caller gives up', () => {
    const breaker = createCircuitBreaker();
    breaker.recordFailure('timeout', 0);
    expect(breaker.tryAcquire(1000)).toBe(true);
    breaker.release();
    expect(breaker.tryAcquire(1000)).toBe(true);
  });

  it('suspends for longer after rate limits, blocks and refused keys', () => {
    const after = (kind: 'rate_limited' | 'blocked' | 'unauthorized', retryAfterSeconds?: number) => {
      const breaker = createCircuitBreaker();
      breaker.recordFailure(kind, 0, retryAfterSeconds);
      return breaker.snapshot(0).suspendedUntil;
    };
    expect(after('rate_limited')).toBe(60_000);
    expect(after('rate_limited', 5)).toBe(60_000);
    expect(after('rate_limited', 7200)).toBe(7_200_000);
    expect(after('blocked')).toBe(300_000);
    expect(after('unauthorized')).toBe(300_000);
  });

  it('caps long suspensions too', () => {
    const breaker = createCircuitBreaker({ blockedSuspensionMs: 1000, maxLongSuspensionMs: 3000 });
    breaker.recordFailure('blocked', 0);
    breaker.recordFailure('blocked', 0);
    breaker.recordFailure('blocked', 0);
    expect(breaker.snapshot(0).suspendedUntil).toBe(3000);
  });
});
