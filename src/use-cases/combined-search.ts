/**
 * The combined search of `POST /api/v1/search` as an operation of its own, for a surface that
 * answers with that route's body (the MCP `search` tool): the route's own cache entry
 * (`combinedSearchCache`), price (`PRICE_SEARCH_SOURCE` per source), shape-B body and query
 * counting, as a step of metered work. The caller meters it.
 */
import type { CachedRunner } from '../cache/cached.js';
import { runCached, type CacheHitCharge, type WorkOutcome } from '../credits/index.js';
import {
  type CombinedSearchResponse,
  resolveCombinedRequest,
  type CombinedSearchRequest,
  COMBINED_SEARCH_ENDPOINT,
  combinedSearchCache,
  checkSearchFields,
  searchWork,
  foundAny,
  type SearchService,
} from '../search/index.js';
import { cacheReply } from './cache-reply.js';

export { COMBINED_SEARCH_ENDPOINT };

export interface CombinedSearchDeps {
  readonly service: SearchService;
  readonly cached: CachedRunner;
  readonly cacheTtlSeconds: number;
  readonly cacheHitCharge: CacheHitCharge;
  /** `PRICE_SEARCH_SOURCE`: what one search of one source costs. */
  readonly priceSource: number;
}

/** A schema-valid body, resolved and priced once. */
export interface CombinedSearch {
  readonly price: number;
  /** The stored answer and its cost, when the cache has one to serve. */
  stored(): Promise<WorkOutcome<CombinedSearchResponse> | undefined>;
  /** The stored answer when there is one, else a fresh search (stored). */
  run(signal: AbortSignal): Promise<WorkOutcome<CombinedSearchResponse>>;
}

export interface CombinedSearchUseCase {
  /** Checks what the schema cannot (a blank query, the query's limits, `tbs`): InvalidInputError before anything runs. */
  prepare(account: number, body: CombinedSearchRequest): CombinedSearch;
}

export function createCombinedSearchUseCase(deps: CombinedSearchDeps): CombinedSearchUseCase {
  return {
    prepare(account, body) {
      checkSearchFields(body, { field: 'query', text: body.query });
      const { sources, search } = resolveCombinedRequest(body);
      const price = deps.priceSource * sources.length;
      const spec = searchWork(deps, price, combinedSearchCache(sources, search, account, deps.cacheTtlSeconds), (shared) =>
        deps.service.combined(sources, search, account, shared),
      );
      const searched = sources.filter((source) => source !== 'autocomplete');
      // Counted like the REST route's answers, cache hits included.
      const counted = (outcome: WorkOutcome<CombinedSearchResponse>) => {
        if (searched.length > 0) deps.service.countQuery(search.q, account, foundAny(outcome.body.data, searched));
        return outcome;
      };
      return {
        price,
        async stored() {
          const value = spec.cache.useCache ? await deps.cached.lookup<CombinedSearchResponse>(spec.cache) : undefined;
          return value === undefined ? undefined : counted(spec.price({ value, hit: true }));
        },
        run: async (signal) => counted(await runCached(deps.cached, cacheReply, spec, signal)),
      };
    },
  };
}
