/**
 * The combined search as an operation: several sources searched at once for a caller, one price
 * per source, the typed result of each source (see search-results.ts) and its cost. Quarry's
 * `POST /api/v1/search`, the Firecrawl-compatible search and the agent surfaces' searches all run
 * on it, and so share one cache entry per query, options and account (`combinedSearchCache`).
 */
import type { CachedRequest, CachedRunner } from '../cache/cached.js';
import { type Caller, type WorkOutcome, chargeFor, runCached, type CacheHitCharge } from '../credits/index.js';
import type { ResolvedSearch, SearchService, Vertical } from '../search/index.js';
import { cacheReply } from './cache-reply.js';
import type { Deadline, Meter, MeteredSearch } from './search-metered.js';
import { foundInSource, isStoredSource, revivedSource, storedSource, type SourceResult, type StoredSource } from './search-results.js';

/** The ledger's and the cache's `endpoint` of the combined search. */
export const COMBINED_SEARCH_ENDPOINT = 'search';

/**
 * Where a combined search's result is cached: the one key of every surface's combined search.
 * Per account: the result may hold the account's own scraped pages and search history.
 */
export function combinedSearchCache(sources: readonly Vertical[], search: ResolvedSearch, account: number, ttlSeconds: number): Omit<CachedRequest, 'signal'> {
  const { useCache, ...key } = search;
  return { endpoint: COMBINED_SEARCH_ENDPOINT, key: { sources, ...key, account }, ttlSeconds, useCache };
}

export interface CombinedSearchInput {
  /** The sources to search, without repeats. */
  readonly sources: readonly Vertical[];
  readonly search: ResolvedSearch;
}

export interface CombinedSearchResult {
  /** One per requested source, in the order asked. */
  readonly sources: readonly SourceResult[];
  /** Engines that failed in any source although every source was answered, without repeats. */
  readonly failedEngines: readonly string[];
  /** Served from the result cache. */
  readonly cached: boolean;
}

interface StoredCombined {
  readonly sources: readonly StoredSource[];
}

const isStoredCombined = (value: StoredCombined): boolean => Array.isArray(value.sources) && value.sources.every(isStoredSource);

export interface CombinedSearchDeps {
  readonly service: Pick<SearchService, 'outcome' | 'countQuery' | 'answerable'>;
  readonly cached: CachedRunner;
  /** `SEARCH_CACHE_TTL` in seconds; 0 turns caching off. */
  readonly cacheTtlSeconds: number;
  readonly cacheHitCharge: CacheHitCharge;
  /** `PRICE_SEARCH_SOURCE`: what one source costs. */
  readonly priceSource: number;
}

/** The combined search as steps, for a caller that meters a bigger unit of work around it. */
export interface CombinedSearch {
  /** What the search costs at most: one price per source. */
  maxCost(input: CombinedSearchInput): number;
  /** What a search served fresh, or from the cache (`hit`), costs. */
  costOf(input: CombinedSearchInput, hit: boolean): number;
  /** The search as a step of metered work: the stored result when there is one, else a fresh search (stored). */
  step(account: number, input: CombinedSearchInput, signal: AbortSignal, deadline?: Deadline): Promise<WorkOutcome<CombinedSearchResult>>;
  /** The stored result and its cost, when the cache has one to serve (its cost is known before any work). */
  stored(account: number, input: CombinedSearchInput): Promise<WorkOutcome<CombinedSearchResult> | undefined>;
  /** Counts the query for autocomplete once the search is paid for, when a searched source found something. */
  count(account: number, input: CombinedSearchInput, result: CombinedSearchResult): void;
  /**
   * The input narrowed to the sources some engine can answer, to run and price before anything is
   * held: the others are not searched, not charged and absent from the answer. Rejects with
   * `SearchNotConfiguredError` (503) when none can.
   */
  answerable<Input extends CombinedSearchInput>(input: Input): Promise<Input>;
}

export interface CombinedSearchUseCase extends CombinedSearch {
  /**
   * The search for a caller, metered on `endpoint` (default `search`): a stored result charged in
   * one step, else a hold of `maxCost`, the search, and its price settled. Rejects with the
   * router's errors (every engine of a source failed: nothing charged), `SearchNotConfiguredError`
   * before any hold when no source can answer (see `answerable`), and the ledger's.
   */
  run(
    caller: Caller,
    input: CombinedSearchInput,
    options?: { readonly endpoint?: string; readonly deadline?: Deadline },
  ): Promise<MeteredSearch<CombinedSearchResult>>;
}

export function createCombinedSearch(deps: CombinedSearchDeps): CombinedSearch {
  const { service } = deps;
  const maxCost = (input: CombinedSearchInput) => deps.priceSource * input.sources.length;
  const costOf = (input: CombinedSearchInput, hit: boolean) => chargeFor(maxCost(input), hit, deps.cacheHitCharge);
  const priced = (input: CombinedSearchInput, value: StoredCombined, hit: boolean): WorkOutcome<CombinedSearchResult> => {
    const sources = value.sources.map(revivedSource);
    const failedEngines = sources.length === 1 ? sources[0]!.failedEngines : [...new Set(sources.flatMap((source) => source.failedEngines))];
    return { body: { sources, failedEngines, cached: hit }, cost: costOf(input, hit) };
  };
  const cacheOf = (account: number, input: CombinedSearchInput) => combinedSearchCache(input.sources, input.search, account, deps.cacheTtlSeconds);
  return {
    maxCost,
    costOf,
    step(account, input, signal, deadline) {
      return runCached(
        deps.cached,
        cacheReply,
        {
          cache: cacheOf(account, input),
          work: async (shared): Promise<StoredCombined> => ({
            sources: await Promise.all(input.sources.map(async (source) => storedSource(await service.outcome(source, input.search, account, shared)))),
          }),
          price: ({ value, hit }) => priced(input, value, hit),
          usable: isStoredCombined,
          ...(deadline === undefined ? {} : { deadline }),
        },
        signal,
      );
    },
    async stored(account, input) {
      const value = await deps.cached.lookup<StoredCombined>(cacheOf(account, input));
      return value === undefined || !isStoredCombined(value) ? undefined : priced(input, value, true);
    },
    async answerable(input) {
      const sources = await service.answerable(input.sources);
      return sources.length === input.sources.length ? input : { ...input, sources };
    },
    count(account, input, result) {
      const searched = result.sources.filter((source) => source.vertical !== 'autocomplete');
      if (searched.length > 0) service.countQuery(input.search.q, account, searched.some(foundInSource));
    },
  };
}

export function createCombinedSearchUseCase(deps: CombinedSearchDeps & { readonly meter: Meter }): CombinedSearchUseCase {
  const search = createCombinedSearch(deps);
  return {
    ...search,
    async run(caller, asked, options = {}) {
      const input = await search.answerable(asked);
      const account = caller.accountId;
      const metered = await deps.meter(
        caller,
        options.endpoint ?? COMBINED_SEARCH_ENDPOINT,
        search.maxCost(input),
        (signal) => search.step(account, input, signal, options.deadline),
        () => search.stored(account, input),
      );
      const result = metered.body;
      // Counted once the search is paid for: a refused call is no search.
      search.count(account, input, result);
      return { result, cost: search.costOf(input, result.cached), charged: metered.charged, balance: metered.balance };
    },
  };
}
