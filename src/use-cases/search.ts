/**
 * One item vertical searched as the agent surfaces (Tavily, Exa) ask for it: a typed input, hits
 * with dates as `Date` and ranks as numbers, the engines that failed, and the cost; no wire shape.
 * A step of the combined search (combined-search.ts) with one source, so it shares that search's
 * cache entry and price; the surface meters it, alone or with the scrapes of its hits.
 */
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { CachedRunner } from '../cache/cached.js';
import type { CacheHitCharge, WorkOutcome } from '../credits/index.js';
import { InvalidInputError } from '../errors.js';
import { CombinedSearchRequest, resolveCombinedRequest, searchFieldErrors, type SearchService } from '../search/index.js';
import { COMBINED_SEARCH_ENDPOINT, createCombinedSearch, type CombinedSearchInput, type CombinedSearchResult } from './combined-search.js';
import { itemsOf } from './search-results.js';

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

export interface SearchUseCaseDeps {
  readonly service: Pick<SearchService, 'outcome' | 'countQuery' | 'answerable'>;
  readonly cached: CachedRunner;
  readonly cacheTtlSeconds: number;
  readonly cacheHitCharge: CacheHitCharge;
  /** `PRICE_SEARCH_SOURCE`: what one search of one source costs. */
  readonly priceSource: number;
}

/** The ledger's `endpoint` of a search. */
export const SEARCH_ENDPOINT = COMBINED_SEARCH_ENDPOINT;

/** The REST body's schema, compiled on the first agent search (not at start-up), then reused. */
let requestCheck: ReturnType<typeof TypeCompiler.Compile<typeof CombinedSearchRequest>> | undefined;

function checked(input: SearchInput) {
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
  // Errors are listed only for a body that fails: listing them costs more than the whole check.
  const check = (requestCheck ??= TypeCompiler.Compile(CombinedSearchRequest));
  if (!check.Check(body)) {
    for (const error of check.Errors(body)) {
      const field = error.path.split('/')[1] ?? 'non_field_errors';
      (fields[field] ??= []).push(error.message);
    }
  }
  Object.assign(fields, searchFieldErrors(body, { field: 'query', text: body.query }));
  if (Object.keys(fields).length > 0) throw new InvalidInputError(fields);
  return resolveCombinedRequest(body);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The combined search's result as the agent surfaces see it: the hits of its one source. */
export function hitsOf(result: CombinedSearchResult, vertical: SearchInput['vertical']): SearchResult {
  const hits = itemsOf(result.sources, vertical).map(({ item, publishedAt }, index): SearchHit => {
    const fields = item as Readonly<Record<string, unknown>>;
    return {
      title: item.title,
      // Web items carry the contract's `url` and `description`; the other verticals Serper's `link` and `snippet`.
      url: text(fields.url) ?? text(fields.link) ?? '',
      snippet: text(fields.description) ?? text(fields.snippet) ?? '',
      ...(publishedAt === undefined ? {} : { publishedAt }),
      position: typeof item.position === 'number' ? item.position : index + 1,
    };
  });
  return { hits, engine: result.sources[0]?.engine ?? '', failedEngines: result.failedEngines, cached: result.cached };
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
  /** Checks the input, then rejects with `SearchNotConfiguredError` (503) when no engine can answer its vertical: the caller asks before it holds anything. */
  ensureAnswerable(input: SearchInput): Promise<void>;
  /** The input as the combined search runs it (checked): an answer built on it searches this search's cache entry. */
  combined(input: SearchInput): CombinedSearchInput;
}

export function createSearchUseCase(deps: SearchUseCaseDeps): SearchUseCase {
  // One search of one source is the combined search of that source: the same cache entry as
  // `POST /api/v1/search` with `sources: [vertical]`, at the same price.
  const combined = createCombinedSearch(deps);
  const served = (account: number, input: SearchInput, search: CombinedSearchInput, outcome: WorkOutcome<CombinedSearchResult>): WorkOutcome<SearchResult> => {
    const body = hitsOf(outcome.body, input.vertical);
    deps.service.countQuery(search.search.q, account, body.hits.length > 0);
    return { body, cost: outcome.cost };
  };
  return {
    price: deps.priceSource,
    async ensureAnswerable(input) {
      // A bad input is the caller's fault whatever is configured: 400 before 503.
      checked(input);
      await deps.service.answerable([input.vertical]);
    },
    combined: (input) => checked(input),
    async stored(account, input) {
      const search = checked(input);
      const stored = await combined.stored(account, search);
      return stored === undefined ? undefined : served(account, input, search, stored);
    },
    async run(account, input, signal) {
      const search = checked(input);
      return served(account, input, search, await combined.step(account, search, signal));
    },
  };
}
