import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedRequest, CachedRunner } from '../cache/cached.js';
import type { Metering } from '../credits/metering.js';
import { InvalidInputError } from '../errors.js';
import { meteredErrorResponses } from '../credits/metered-errors.js';
import { searchFieldErrors } from './requests.js';
import type { SearchService } from './search-service.js';

export interface SearchRouteDeps {
  readonly service: SearchService;
  readonly metering: Metering;
  readonly cached: CachedRunner;
  /** `SEARCH_CACHE_TTL` in seconds (≤ 3600); 0 turns caching off. */
  readonly cacheTtlSeconds: number;
  /** `CACHE_HIT_CHARGE`: whether an answer served from the cache costs what the original did. */
  readonly cacheHitCharge: 'full' | 'free';
  /** `PRICE_SEARCH_CALL`: credits per vertical call. */
  readonly priceCall: number;
  /** `PRICE_SEARCH_SOURCE`: credits per requested source of the combined search. */
  readonly priceSource: number;
}

export const searchTags = ['search'];
export const searchSecurity = [{ ApiKeyAuth: [] }];

export const searchErrorResponses = meteredErrorResponses;

/**
 * What JSON Schema cannot check (a blank query, the query's limits, the `tbs` grammar and its
 * dates), reported in the same DRF shape as schema errors, before any credit is held.
 */
export function checkSearchFields(body: { tbs?: string | undefined }, query: { field: string; text: string }): void {
  const errors = searchFieldErrors(body, query);
  if (Object.keys(errors).length > 0) throw new InvalidInputError(errors);
}

/** The charge of a finished search: the full price, or nothing for a cache hit when hits are free. */
function chargeFor(price: number, hit: boolean, cacheHitCharge: 'full' | 'free'): number {
  return hit && cacheHitCharge === 'free' ? 0 : price;
}

/**
 * A metered, cached search: a cache hit is charged in one ledger step without a hold (its cost
 * is known before any work); a miss holds the price, searches and settles.
 */
export function meteredCachedSearch<T>(
  deps: SearchRouteDeps,
  call: { request: FastifyRequest; reply: FastifyReply; endpoint: string; price: number; cache: Omit<CachedRequest, 'signal'> },
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const { request, reply, endpoint, price, cache } = call;
  const known = async () => {
    const hit = await deps.cached.lookup<T>(reply, cache);
    return hit === undefined ? undefined : { body: hit, cost: chargeFor(price, true, deps.cacheHitCharge) };
  };
  return deps.metering.run(
    request,
    reply,
    endpoint,
    price,
    async (signal) => {
      const result = await deps.cached(reply, { ...cache, signal }, work);
      return { body: result.value, cost: chargeFor(price, result.hit, deps.cacheHitCharge) };
    },
    known,
  );
}
