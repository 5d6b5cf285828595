import type { Redis } from 'ioredis';
import type { ResultCache } from './result-cache.js';

/** The cache shared by every instance; Redis expires entries by itself. */
export function createRedisCache(redis: Redis, prefix = 'quarry:cache:'): ResultCache {
  return {
    async get(key) {
      return (await redis.get(prefix + key)) ?? undefined;
    },
    async set(key, value, ttlSeconds) {
      await redis.set(prefix + key, value, 'EX', Math.max(1, Math.round(ttlSeconds)));
    },
    async close() {},
  };
}
