import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRate } from '../config/settings.js';
import { createMemoryRateLimiter } from './memory.js';
import { createRedisRateLimiter } from './redis.js';

const REDIS_URL = process.env.QUARRY_TEST_REDIS_URL;
const redis = REDIS_URL ? new Redis(REDIS_URL) : undefined;
afterAll(async () => redis?.quit());

describe('the memory token bucket', () => {
  it('allows a burst of the limit, then refills at the rate', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    const rate = parseRate('6/min');
    const burst = await Promise.all(Array.from({ length: 8 }, () => limiter.take('k', rate)));
    expect(burst.filter((d) => d.allowed)).toHaveLength(6);
    const refused = burst.at(-1)!;
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 10 });
    now += 10_000; // one token per 10 s
    expect((await limiter.take('k', rate)).allowed).toBe(true);
    expect((await limiter.take('k', rate)).allowed).toBe(false);
    expect((await limiter.take('other', rate)).allowed).toBe(true);
  });

  it('answers at once, without a promise: it sits on every metered request', () => {
    const decision = createMemoryRateLimiter().take('k', parseRate('6/min'));
    expect(decision).not.toBeInstanceOf(Promise);
    expect(decision).toMatchObject({ allowed: true, remaining: 5 });
  });
});

describe.runIf(redis)('the Redis token bucket', () => {
  it('hands out exactly the limit across concurrent takes', async () => {
    const limiter = createRedisRateLimiter(redis!, `test:${Date.now()}:`);
    const rate = parseRate('25/hour');
    const decisions = await Promise.all(Array.from({ length: 60 }, () => limiter.take('k', rate)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(25);
    expect(decisions.find((d) => !d.allowed)!.retryAfterSeconds).toBeGreaterThan(100);
  });
});

describe('rates', () => {
  it('reads DRF-style rates and refuses nonsense', () => {
    expect(parseRate('60/min')).toEqual({ limit: 60, periodSeconds: 60 });
    expect(parseRate('1000/day')).toEqual({ limit: 1000, periodSeconds: 86_400 });
    expect(parseRate('5/10s')).toEqual({ limit: 5, periodSeconds: 10 });
    for (const bad of ['60', '0/min', 'x/min', '5/fortnight']) expect(() => parseRate(bad, 'THROTTLE_KEY_RATE')).toThrow(/THROTTLE_KEY_RATE/);
  });
});
