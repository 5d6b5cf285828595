import type { FastifyReply } from 'fastify';
import { cacheKey, createCoalescer, type ResultCache } from './result-cache.js';

export interface CachedRequest {
  readonly endpoint: string;
  /** The request's fields that decide the answer (not `use_cache`). */
  readonly key: unknown;
  readonly ttlSeconds: number;
  /** false → skip the lookup, do the work, and refresh the stored result. */
  readonly useCache: boolean;
  /**
   * This caller's own signal (its client's disconnect). It ends only this caller's wait;
   * the shared work gets a signal of its own that aborts once every caller has gone.
   */
  readonly signal: AbortSignal;
}

export interface CachedResult<T> {
  readonly value: T;
  readonly hit: boolean;
}

/**
 * Result caching for search and scrape: a lookup by the normalised request, identical
 * concurrent requests coalesced into one piece of work, the result stored for its TTL, and
 * `X-Cache: HIT|MISS` on the answer. Only successful work is stored.
 *
 * `work` must use the signal it is given, never the caller's own: identical requests of
 * other accounts may be waiting on the same work (see `createCoalescer`).
 */
export function createCachedRunner(cache: ResultCache) {
  const coalescer = createCoalescer();
  /**
   * The stored answer, if any, without doing the work: lets a metered route charge a cache
   * hit in one ledger step before deciding to hold for real work. Sets no header: the route
   * marks the answer (`markCacheHit`) once it is sure to serve it.
   */
  async function lookup<T>(request: Omit<CachedRequest, 'signal'>): Promise<T | undefined> {
    if (!request.useCache || request.ttlSeconds <= 0) return undefined;
    const stored = await cache.get(cacheKey(request.endpoint, request.key));
    return stored === undefined ? undefined : (JSON.parse(stored) as T);
  }
  async function cached<T>(reply: FastifyReply, request: CachedRequest, work: (signal: AbortSignal) => Promise<T>): Promise<CachedResult<T>> {
    const key = cacheKey(request.endpoint, request.key);
    if (request.useCache && request.ttlSeconds > 0) {
      const stored = await cache.get(key);
      if (stored !== undefined) {
        markCacheHit(reply);
        return { value: JSON.parse(stored) as T, hit: true };
      }
    }
    const { promise } = coalescer.run(
      `${request.useCache ? 'c' : 'f'}:${key}`,
      async (shared) => {
        const value = await work(shared);
        if (request.ttlSeconds > 0) await cache.set(key, JSON.stringify(value), request.ttlSeconds);
        return value;
      },
      request.signal,
    );
    const value = await promise;
    reply.header('x-cache', 'MISS');
    return { value, hit: false };
  }
  return Object.assign(cached, { lookup });
}

/** Says on the answer that it was served from the cache. */
export function markCacheHit(reply: FastifyReply): void {
  reply.header('x-cache', 'HIT');
}

export type CachedRunner = ReturnType<typeof createCachedRunner>;
