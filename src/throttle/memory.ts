import { LRUCache } from 'lru-cache';
import type { Rate } from '../config/index.js';
import { decide, refill, type RateLimiter } from './rate-limiter.js';

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** In-process buckets for a single instance; the least recently used are forgotten past `maxKeys`. */
export function createMemoryRateLimiter(now: () => number = Date.now, maxKeys = 100_000): RateLimiter {
  const buckets = new LRUCache<string, Bucket>({ max: maxKeys });
  return {
    take(key: string, rate: Rate) {
      const nowMs = now();
      const bucket = buckets.get(key);
      const available = bucket ? refill(bucket.tokens, bucket.updatedMs, nowMs, rate) : rate.limit;
      const { tokens, decision } = decide(available, rate);
      buckets.set(key, { tokens, updatedMs: nowMs });
      return decision;
    },
    async close() {
      buckets.clear();
    },
  };
}
