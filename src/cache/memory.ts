import { LRUCache } from 'lru-cache';
import type { ResultCache } from './result-cache.js';

/** A bounded in-process cache: least recently used entries go first once `maxBytes` is reached. */
export function createMemoryCache(maxBytes: number): ResultCache {
  const entries = new LRUCache<string, string>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => Math.max(1, value.length * 2 + key.length * 2),
    ttlAutopurge: false,
  });
  return {
    get: async (key) => entries.get(key),
    async set(key, value, ttlSeconds) {
      if (value.length * 2 > maxBytes) return; // larger than the whole cache: never kept
      entries.set(key, value, { ttl: ttlSeconds * 1000 });
    },
    async close() {
      entries.clear();
    },
  };
}
