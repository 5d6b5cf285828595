/**
 * One source searched on its own, the operation under the dedicated endpoints (vertical-search.ts,
 * autocomplete.ts): cached per vertical, query, options and account, one price per call.
 */
import type { CachedRunner } from '../cache/cached.js';
import { type Caller, type WorkOutcome, chargeFor, runCached, type CacheHitCharge } from '../credits/index.js';
import type { ResolvedSearch, SearchService, Vertical } from '../search/index.js';
import { cacheReply } from './cache-reply.js';
import type { Meter, MeteredSearch } from './search-metered.js';
import { isStoredSource, revivedSource, storedSource, type SourceResult, type StoredSource } from './search-results.js';

/** The ledger's and the cache's `endpoint` of one vertical searched on its own, e.g. `search:news`. */
export const verticalEndpoint = (vertical: Vertical) => `search:${vertical}`;

export interface SourceSearchDeps {
  readonly service: Pick<SearchService, 'outcome' | 'countQuery' | 'answerable'>;
  readonly cached: CachedRunner;
  /** `SEARCH_CACHE_TTL` in seconds; 0 turns caching off. */
  readonly cacheTtlSeconds: number;
  readonly cacheHitCharge: CacheHitCharge;
  /** `PRICE_SEARCH_CALL`: what one call costs. */
  readonly priceCall: number;
  readonly meter: Meter;
}

/** A source's result, and whether it came from the result cache. */
export type Served<R> = R & { readonly cached: boolean };

/**
 * Searches `vertical` for the caller, metered at `PRICE_SEARCH_CALL` (a stored result charged in one step).
 * A vertical that no engine can answer is refused first (`SearchNotConfiguredError`), with nothing held.
 */
export async function searchSource(
  deps: SourceSearchDeps,
  caller: Caller,
  vertical: Vertical,
  search: ResolvedSearch,
): Promise<MeteredSearch<Served<SourceResult>>> {
  // Refused before the hold: a vertical nothing can answer is not charged (503).
  await deps.service.answerable([vertical]);
  const account = caller.accountId;
  const { useCache, ...rest } = search;
  // Per account: the result may hold the account's own scraped pages and search history.
  const cache = { endpoint: verticalEndpoint(vertical), key: { ...rest, account }, ttlSeconds: deps.cacheTtlSeconds, useCache };
  const priced = (value: StoredSource, hit: boolean): WorkOutcome<Served<SourceResult>> => ({
    body: { ...revivedSource(value), cached: hit },
    cost: chargeFor(deps.priceCall, hit, deps.cacheHitCharge),
  });
  const metered = await deps.meter(
    caller,
    cache.endpoint,
    deps.priceCall,
    (signal) =>
      runCached(
        deps.cached,
        cacheReply,
        {
          cache,
          work: async (shared) => storedSource(await deps.service.outcome(vertical, search, account, shared)),
          price: ({ value, hit }) => priced(value, hit),
          usable: isStoredSource,
        },
        signal,
      ),
    async () => {
      const value = await deps.cached.lookup<StoredSource>(cache);
      return value === undefined || !isStoredSource(value) ? undefined : priced(value, true);
    },
  );
  const result = metered.body;
  return { result, cost: chargeFor(deps.priceCall, result.cached, deps.cacheHitCharge), charged: metered.charged, balance: metered.balance };
}
