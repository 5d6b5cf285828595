import type { CachedRequest } from '../cache/cached.js';
import { CombinedSearchRequest, resolveCombinedRequest, type ResolvedSearch } from './requests.js';
import { CombinedSearchResponse } from './combined-shape.js';
import { checkSearchFields, searchErrorResponses, searchSecurity, searchTags, searchWork, type SearchRouteDeps } from './routes-shared.js';
import { foundAny } from './search-service.js';
import type { App } from '../http/server.js';
import { meteredCached } from '../credits/index.js';
import type { Vertical } from './verticals.js';

/** The ledger's and the cache's `endpoint` of the combined search. */
export const COMBINED_SEARCH_ENDPOINT = 'search';

/**
 * Where a combined search's answer is cached: the one key of `POST /api/v1/search` and of the
 * Firecrawl-compatible search (src/compat/firecrawl/search.ts), which so share their entries. Per
 * account: the answer may hold the account's own scraped pages and search history.
 */
export function combinedSearchCache(sources: readonly Vertical[], search: ResolvedSearch, account: number, ttlSeconds: number): Omit<CachedRequest, 'signal'> {
  const { useCache, ...key } = search;
  return { endpoint: COMBINED_SEARCH_ENDPOINT, key: { sources, ...key, account }, ttlSeconds, useCache };
}

/**
 * `POST /api/v1/search`: one search over several sources (shape B). Holds and charges
 * `PRICE_SEARCH_SOURCE` per requested source; nothing when every engine of a source failed.
 */
export function registerCombinedSearchRoute(app: App, deps: SearchRouteDeps): void {
  const { service, metering } = deps;
  app.post(
    '/api/v1/search',
    {
      ...metering.hooks,
      schema: {
        tags: searchTags,
        security: searchSecurity,
        summary: 'Search the web and other sources at once',
        description:
          'Searches every requested source (`web`, `news`, `images`, `places`, `shopping`, `videos`, `scholar`, `patents`, `autocomplete`) ' +
          'with the query language (quotes, `-`, `site:`, `filetype:`, `inurl:`, `allinurl:`, `intitle:`, `allintitle:`, `OR`). ' +
          'Charged `PRICE_SEARCH_SOURCE` per source; cached up to `SEARCH_CACHE_TTL` (`X-Cache: HIT|MISS`; `use_cache: false` forces a fresh search). ' +
          'When every engine of a source fails the answer is 502 naming the engines and why, and nothing is charged.',
        body: CombinedSearchRequest,
        response: { 200: CombinedSearchResponse, ...searchErrorResponses },
      },
    },
    async (request, reply) => {
      checkSearchFields(request.body, { field: 'query', text: request.body.query });
      const { sources, search } = resolveCombinedRequest(request.body);
      const price = deps.priceSource * sources.length;
      const account = request.apiKey!.userId;
      const cache = combinedSearchCache(sources, search, account, deps.cacheTtlSeconds);
      const body = await meteredCached(
        deps,
        { request, reply, endpoint: COMBINED_SEARCH_ENDPOINT, maxCost: price },
        searchWork(deps, price, cache, (shared) => service.combined(sources, search, account, shared)),
      );
      const searched = sources.filter((source) => source !== 'autocomplete');
      if (searched.length > 0) service.countQuery(search.q, account, foundAny(body.data, searched));
      return body;
    },
  );
}
