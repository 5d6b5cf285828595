/**
 * What the search endpoints do between validation and the answer: run the router for each
 * requested vertical, shape the bodies (shape A per vertical, shape B for the combined search),
 * and count the query for autocomplete.
 */
import type { ResolvedSearch } from './requests.js';
import type { RouterSearchRequest, SearchRouter } from './router.js';
import { combinedItem, type CombinedSearchResponse } from './combined-shape.js';
import type { SearchParameters, VerticalResponseOf } from './shapes.js';
import type { DedicatedVertical, Vertical } from './verticals.js';

/** Counts searched queries (the autocomplete log), per account, without waiting for a write. Must not throw for a blank query. */
export interface QueryLog {
  recordQuery(query: string, at: Date, account: number): void;
}

export interface SearchServiceOptions {
  readonly router: SearchRouter;
  /** Where searched queries are counted; optional (no autocomplete ranking without it). */
  readonly queryLog?: QueryLog;
  readonly now: () => Date;
}

export interface SearchService {
  /** Shape A for one dedicated vertical, as `account` sees it. Rejects with the router's errors. */
  vertical<V extends DedicatedVertical>(vertical: V, search: ResolvedSearch, account: number, signal?: AbortSignal): Promise<VerticalResponseOf<V>>;
  /** Shape B: every source searched at once; any source whose engines all fail fails the whole search. */
  combined(sources: readonly Vertical[], search: ResolvedSearch, account: number, signal?: AbortSignal): Promise<CombinedSearchResponse>;
  /**
   * Counts one search of the query by `account` (cache hits included) when it `found` something:
   * a query that matched nothing is no suggestion. Autocomplete prefixes are not counted.
   */
  countQuery(q: string, account: number, found: boolean): void;
}

/** Whether an answer holds any result in one of these lists (a shape A body, or shape B's `data`). */
export function foundAny(answer: object, lists: readonly string[]): boolean {
  const fields: Partial<Record<string, unknown>> = answer;
  return lists.some((list) => {
    const value = fields[list];
    return Array.isArray(value) && value.length > 0;
  });
}

function routerRequest(search: ResolvedSearch, account: number): RouterSearchRequest {
  return {
    account,
    q: search.q,
    num: search.num,
    page: search.page,
    country: search.country,
    autocorrect: search.autocorrect,
    ...(search.lang === undefined ? {} : { lang: search.lang }),
    ...(search.location === undefined ? {} : { location: search.location }),
    ...(search.tbs === undefined ? {} : { tbs: search.tbs }),
  };
}

function parameters(vertical: Vertical, search: ResolvedSearch, engine: string, correctedQuery: string | undefined): SearchParameters {
  return {
    q: search.q,
    gl: search.country,
    ...(search.lang === undefined ? {} : { hl: search.lang }),
    ...(search.location === undefined ? {} : { location: search.location }),
    num: search.num,
    page: search.page,
    ...(search.tbs === undefined ? {} : { tbs: search.tbs }),
    autocorrect: search.autocorrect,
    type: vertical,
    engine,
    ...(correctedQuery === undefined ? {} : { correctedQuery }),
  };
}

export function createSearchService(options: SearchServiceOptions): SearchService {
  const { router } = options;
  return {
    async vertical(vertical, search, account, signal) {
      const outcome = await router.search(vertical, routerRequest(search, account), signal);
      const searchParameters = parameters(vertical, search, outcome.engine, outcome.correctedQuery);
      const results = 'suggestions' in outcome ? { suggestions: outcome.suggestions } : { [vertical]: outcome.items };
      const failed = outcome.failedEngines.length === 0 ? {} : { failed_engines: [...outcome.failedEngines] };
      // The router answers with the shape of the vertical it was asked for.
      return { searchParameters, ...results, ...failed } as VerticalResponseOf<typeof vertical>;
    },

    async combined(sources, search, account, signal) {
      const request = routerRequest(search, account);
      const outcomes = await Promise.all(sources.map((source) => router.search(source, request, signal)));
      const data: Record<string, unknown> = {};
      for (const outcome of outcomes) data[outcome.vertical] = 'suggestions' in outcome ? outcome.suggestions : outcome.items.map(combinedItem);
      const failedEngines = [...new Set(outcomes.flatMap((outcome) => outcome.failedEngines))];
      return {
        success: true,
        // Every item went through combinedItem, giving the combined field set of its source.
        data: data as CombinedSearchResponse['data'],
        ...(failedEngines.length === 0 ? {} : { failed_engines: failedEngines }),
      };
    },

    countQuery(q, account, found) {
      if (found) options.queryLog?.recordQuery(q, options.now(), account);
    },
  };
}
