/**
 * What every search use case asks of the search core: one vertical searched for an account (the
 * router's domain outcome: ranked items, their publication dates, the engines that answered and
 * failed), and the count of searched queries behind autocomplete. No wire shape: each surface
 * renders the outcome its own way (src/search/routes-render.ts for Quarry's REST API).
 */
import { allReadiness, answerableSources, type VerticalReadiness } from './readiness.js';
import type { ResolvedSearch } from './requests.js';
import type { RouterSearchRequest, SearchOutcome, SearchRouter } from './router.js';
import type { Vertical } from './verticals.js';

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
  /** One vertical as `account` sees it. Rejects with the router's errors (AllEnginesFailedError…). */
  outcome<V extends Vertical>(vertical: V, search: ResolvedSearch, account: number, signal?: AbortSignal): Promise<SearchOutcome<V>>;
  /**
   * Counts one search of the query by `account` (cache hits included) when it `found` something:
   * a query that matched nothing is no suggestion. Autocomplete prefixes are not counted.
   */
  countQuery(q: string, account: number, found: boolean): void;
  /**
   * The sources that can answer (see readiness.ts), asked before anything is held: rejects with
   * `SearchNotConfiguredError` when none can, so nothing is charged for a search nothing can answer.
   */
  answerable(sources: readonly Vertical[]): Promise<Vertical[]>;
  /** Every vertical: whether it can answer, with which engines, and what would turn one on. */
  readiness(): Promise<VerticalReadiness[]>;
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

export function createSearchService(options: SearchServiceOptions): SearchService {
  const { router } = options;
  return {
    outcome(vertical, search, account, signal) {
      return router.search(vertical, routerRequest(search, account), signal);
    },

    countQuery(q, account, found) {
      if (found) options.queryLog?.recordQuery(q, options.now(), account);
    },

    answerable: (sources) => answerableSources(router, sources),
    readiness: () => allReadiness(router),
  };
}
