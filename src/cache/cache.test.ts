import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCache } from './memory.js';
import { createRedisCache } from './redis.js';
import { cacheKey, createCoalescer } from './result-cache.js';

const REDIS_URL = process.env.QUARRY_TEST_REDIS_URL;
const redis = REDIS_URL ? new Redis(REDIS_URL) : undefined;
afterAll(async () => redis?.quit());

describe('cache keys', () => {
  it('ignore field order but not values', () => {
    expect(cacheKey('search', { q: 'a', num: 10 })).toBe(cacheKey('search', { num: 10, q: 'a' }));
    expect(cacheKey('search', { q: 'a' })).not.toBe(cacheKey('search', { q: 'b' }));
    expect(cacheKey('search', { q: 'a' })).not.toBe(cacheKey('news', { q: 'a' }));
  });
});

describe('the memory cache', () => {
  it('is bounded by bytes, evicting the least recently used', async () => {
    const cache = createMemoryCache(1000);
    await cache.set('a', 'x'.repeat(200), 60);
    await cache.set('b', 'y'.repeat(200), 60);
    await cache.get('a');
    await cache.set('c', 'z'.repeat(200), 60);
    expect(await cache.get('a')).toBeDefined();
    expect(await cache.get('b')).toBeUndefined();
    await cache.set('huge', 'h'.repeat(10_000), 60);
    expect(await cache.get('huge')).toBeUndefined();
  });
});

describe.runIf(redis)('the Redis cache', () => {
  it('stores and expires values', async () => {
    const cache = createRedisCache(redis!, `test:${Date.now()}:`);
    await cache.set('k', '{"v":1}', 1);
    expect(await cache.get('k')).toBe('{"v":1}');
    await new Promise((r) => setTimeout(r, 1100));
    expect(await cache.get('k')).toBeUndefined();
  });
});

describe('the coalescer', () => {
  it('runs identical concurrent work once and forgets it afterwards', async () => {
    const coalescer = createCoalescer();
    let runs = 0;
    const work = () => new Promise<number>((resolve) => setTimeout(() => resolve(++runs), 20));
    const results = await Promise.all(Array.from({ length: 5 }, () => coalescer.run('k', work).promise));
    expect(results).toEqual([1, 1, 1, 1, 1]);
    expect(await coalescer.run('k', work).promise).toBe(2);
  });
});

describe('the coalescer with callers that leave', () => {
  const slowWork = (runs: { count: number; aborted: number }) => (signal: AbortSignal) =>
    new Promise<number>((resolve, reject) => {
      runs.count += 1;
      const timer = setTimeout(() => resolve(runs.count), 50);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        runs.aborted += 1;
        reject(signal.reason as Error);
      });
    });

  it('lets the others have the result when the first caller leaves', async () => {
    const coalescer = createCoalescer();
    const runs = { count: 0, aborted: 0 };
    const first = new AbortController();
    const a = coalescer.run('k', slowWork(runs), first.signal).promise;
    const b = coalescer.run('k', slowWork(runs), new AbortController().signal);
    expect(b.joined).toBe(true);
    first.abort(new Error('A left'));
    await expect(a).rejects.toThrow('A left');
    expect(await b.promise).toBe(1);
    expect(runs).toEqual({ count: 1, aborted: 0 });
  });

  it('aborts the work when every caller has left, and starts afresh for the next one', async () => {
    const coalescer = createCoalescer();
    const runs = { count: 0, aborted: 0 };
    const callers = [new AbortController(), new AbortController()];
    const waits = callers.map((c) => coalescer.run('k', slowWork(runs), c.signal).promise);
    await new Promise((resolve) => setTimeout(resolve, 5)); // the work has begun
    callers[0]!.abort(new Error('gone'));
    expect(runs.aborted).toBe(0);
    callers[1]!.abort(new Error('gone'));
    for (const wait of waits) await expect(wait).rejects.toThrow('gone');
    expect(runs.aborted).toBe(1);
    const next = coalescer.run('k', slowWork(runs), new AbortController().signal);
    expect(next.joined).toBe(false);
    expect(await next.promise).toBe(2);
  });
});
