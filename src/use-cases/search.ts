/**
 * Search as an operation of its own: a typed input, a typed result (dates as `Date`, ranks as
 * numbers, the engines that failed) and its cost; no wire shape. Each surface renders the result
 * its own way: Quarry's REST API as relative times ("3 days ago"), Tavily and Exa as ISO dates.
 */
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { CachedRunner } from '../cache/cached.js';
import { chargeFor, runCached, type CacheHitCharge, type WorkOutcome } from '../credits/index.js';
import { InvalidInputError } from '../errors.js';
import { CombinedSearchRequest, resolveCombinedRequest, searchFieldErrors, type SearchRouter, type SearchService, type ItemVertical } from '../search/index.js';
import { cacheReply } from './cache-reply.js';

/** One search of one item vertical (web or news), as the agent surfaces ask for it. */
export interface SearchInput {
  readonly query: string;
  readonly vertical: 'web' | 'news';
  readonly limit: number;
  /** A Google-style `tbs` (`qdr:w`, `cdr:1,cd_min:M/D/YYYY`). */
  readonly tbs?: string | undefined;
  readonly country?: string | undefined;
  readonly lang?: string | undefined;
  readonly useCache?: boolean;
}

export interface SearchHit {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
  /** When the page was published, if anyone knows. */
  readonly publishedAt?: Date;
  /** 1-based rank. */
  readonly position: number;
}

export interface SearchResult {
  readonly hits: readonly SearchHit[];
  /** The engine(s) that answered ("a+b" when blended). */
  readonly engine: string;
  /** Engines of the chain that failed although the search was answered. */
  readonly failedEngines: readonly string[];
  /** Served from the result cache. */
  readonly cached: boolean;
}

/** How a result is kept in the cache: plain JSON, dates as ISO text. */
interface StoredSearch {
  readonly hits: readonly (Omit<SearchHit, 'publishedAt'> & { readonly publishedAt?: string })[];
  readonly engine: string;
  readonly failedEngines: readonly string[];
}

export interface SearchUseCaseDeps {
  readonly router: SearchRouter;
  readonly service: Pick<SearchService, 'countQuery'>;
  readonly cached: CachedRunner;
  readonly cacheTtlSeconds: number;
  readonly cacheHitCharge: CacheHitCharge;
  /** `PRICE_SEARCH_SOURCE`: what one search of one source costs. */
  readonly priceSource: number;
}

/** The ledger's `endpoint` of a search. */
export const SEARCH_ENDPOINT = 'search';

function checked(check: TypeCheck<typeof CombinedSearchRequest>, input: SearchInput) {
  const body: CombinedSearchRequest = {
    query: input.query,
    sources: [input.vertical],
    limit: input.limit,
    ...(input.tbs === undefined ? {} : { tbs: input.tbs }),
    ...(input.country === undefined ? {} : { country: input.country }),
    ...(input.lang === undefined ? {} : { lang: input.lang }),
    ...(input.useCache === false ? { use_cache: false } : {}),
  };
  const fields: Record<string, string[]> = {};
  // The errors are listed only for a body that fails: listing them interprets the whole schema.
  if (!check.Check(body)) {
    for (const error of check.Errors(body)) {
      const field = error.path.split('/')[1] ?? 'non_field_errors';
      (fields[field] ??= []).push(error.message);
    }
  }
  Object.assign(fields, searchFieldErrors(body, { field: 'query', text: body.query }));
  if (Object.keys(fields).length > 0) throw new InvalidInputError(fields);
  return resolveCombinedRequest(body).search;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function stored(outcome: Awaited<ReturnType<SearchRouter['search']>>): StoredSearch {
  const items = 'items' in outcome ? (outcome.items as readonly Record<string, unknown>[]) : [];
  const hits = items.map((item, index) => {
    const publishedAt = outcome.published?.[index];
    return {
      title: typeof item.title === 'string' ? item.title : '',
      // Web items carry the contract's `url` and `description`; the other verticals Serper's `link` and `snippet`.
      url: text(item.url) ?? text(item.link) ?? '',
      snippet: text(item.description) ?? text(item.snippet) ?? '',
      ...(publishedAt === undefined ? {} : { publishedAt: publishedAt.toISOString() }),
      position: typeof item.position === 'number' ? item.position : index + 1,
    };
  });
  return { hits, engine: outcome.engine, failedEngines: [...outcome.failedEngines] };
}

function revived(value: StoredSearch, cached: boolean): SearchResult {
  const hits = value.hits.map(({ publishedAt, ...hit }) => (publishedAt === undefined ? hit : { ...hit, publishedAt: new Date(publishedAt) }));
  return { hits, engine: value.engine, failedEngines: value.failedEngines, cached };
}

export interface SearchUseCase {
  /** What a search can cost at most (one source). */
  readonly price: number;
  /**
   * One search as a step of metered work (the caller meters it): the cached result when there is
   * one, else a fresh search (stored). Checks the input (InvalidInputError) before anything runs.
   */
  run(account: number, input: SearchInput, signal: AbortSignal): Promise<WorkOutcome<SearchResult>>;
  /** The stored result and its cost, when the cache has one to serve (its cost is known before any work); checks the input. */
  stored(account: number, input: SearchInput): Promise<WorkOutcome<SearchResult> | undefined>;
}

export function createSearchUseCase(deps: SearchUseCaseDeps): SearchUseCase {
  // Compiled once: checking each search by interpreting the schema was a visible share of a cached search's CPU.
  const check = TypeCompiler.Compile(CombinedSearchRequest);
  const cacheOf = (account: number, search: ReturnType<typeof checked>, vertical: string) => {
    const { useCache, ...key } = search;
    // Its own entry: the stored form is this domain result, not the REST body.
    return { endpoint: SEARCH_ENDPOINT, key: { form: 'hits', vertical, ...key, account }, ttlSeconds: deps.cacheTtlSeconds, useCache };
  };
  return {
    price: deps.priceSource,
    async stored(account, input) {
      const search = checked(check, input);
      const cache = cacheOf(account, search, input.vertical);
      if (!cache.useCache) return undefined;
      const value = await deps.cached.lookup<StoredSearch>(cache);
      if (value === undefined) return undefined;
      deps.service.countQuery(search.q, account, value.hits.length > 0);
      return { body: revived(value, true), cost: chargeFor(deps.priceSource, true, deps.cacheHitCharge) };
    },
    async run(account, input, signal) {
      const search = checked(check, input);
      const outcome = await runCached(
        deps.cached,
        cacheReply,
        {
          cache: cacheOf(account, search, input.vertical),
          work: async (shared) => {
            const vertical: ItemVertical = input.vertical;
            const { tbs, lang, location, ...rest } = search;
            return stored(
              await deps.router.search(
                vertical,
                {
                  account,
                  q: rest.q,
                  num: rest.num,
                  page: rest.page,
                  country: rest.country,
                  autocorrect: rest.autocorrect,
                  ...(lang === undefined ? {} : { lang }),
                  ...(location === undefined ? {} : { location }),
                  ...(tbs === undefined ? {} : { tbs }),
                },
                shared,
              ),
            );
          },
          price: ({ value, hit }) => ({ body: revived(value, hit), cost: chargeFor(deps.priceSource, hit, deps.cacheHitCharge) }),
        },
        signal,
      );
      deps.service.countQuery(search.q, account, outcome.body.hits.length > 0);
      return outcome;
    },
  };
}
