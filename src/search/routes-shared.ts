import type { CachedRequest, CachedRunner } from '../cache/cached.js';
import { type Metering, chargeFor, type CacheHitCharge, type CachedWork, meteredErrorResponses } from '../credits/index.js';
import { InvalidInputError } from '../errors.js';
import { searchFieldErrors } from './requests.js';
import type { SearchService } from './search-service.js';

export interface SearchRouteDeps {
  readonly service: SearchService;
  readonly metering: Metering;
  readonly cached: CachedRunner;
  /** `SEARCH_CACHE_TTL` in seconds (≤ 3600); 0 turns caching off. */
  readonly cacheTtlSeconds: number;
  /** `CACHE_HIT_CHARGE`: whether an answer served from the cache costs what the original did. */
  readonly cacheHitCharge: CacheHitCharge;
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

/**
 * A search's cached work, priced at `price` (nothing for a cache hit when hits are free); run by
 * `meteredCached`, which charges a hit in one ledger step and holds and settles a miss.
 */
export function searchWork<T>(
  deps: Pick<SearchRouteDeps, 'cacheHitCharge'>,
  price: number,
  cache: Omit<CachedRequest, 'signal'>,
  work: (shared: AbortSignal) => Promise<T>,
): CachedWork<T, T> {
  return { cache, work, price: ({ value, hit }) => ({ body: value, cost: chargeFor(price, hit, deps.cacheHitCharge) }) };
}
