import type { Redis } from 'ioredis';
import { DependencyUnavailableError } from '../errors.js';
import { callRedis } from '../redis/circuit.js';
import type { ResultCache } from './result-cache.js';

/**
 * The cache shared by every instance; Redis expires entries by itself. While Redis is
 * unreachable the cache misses and stores nothing: a miss only costs the work again.
 */
export function createRedisCache(redis: Redis, prefix = 'quarry:cache:'): ResultCache {
  return {
    async get(key) {
      return (await missWhileUnavailable(callRedis(redis, () => redis.get(prefix + key)))) ?? undefined;
    },
    async set(key, value, ttlSeconds) {
      await missWhileUnavailable(callRedis(redis, () => redis.set(prefix + key, value, 'EX', Math.max(1, Math.round(ttlSeconds)))));
    },
    async close() {},
  };
}

async function missWhileUnavailable<T>(command: Promise<T>): Promise<T | undefined> {
  try {
    return await command;
  } catch (error) {
    if (error instanceof DependencyUnavailableError) return undefined;
    throw error;
  }
}
