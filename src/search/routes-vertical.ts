import { meteredCached } from '../credits/index.js';
import type { App } from '../http/server.js';
import { resolveVerticalRequest, VERTICAL_REQUEST_SCHEMAS } from './requests.js';
import { checkSearchFields, searchErrorResponses, searchSecurity, searchTags, searchWork, type SearchRouteDeps } from './routes-shared.js';
import { VERTICAL_RESPONSE_SCHEMAS } from './shapes.js';
import { foundAny } from './search-service.js';
import { DEDICATED_VERTICALS, type DedicatedVertical } from './verticals.js';

/** The ledger's and the cache's `endpoint` of a vertical search, e.g. `search:news`. */
export const verticalEndpoint = (vertical: DedicatedVertical) => `search:${vertical}`;

const SUMMARIES: Readonly<Record<DedicatedVertical, string>> = {
  images: 'Search images (title, imageUrl, imageWidth, imageHeight, link)',
  videos: 'Search videos (title, link, snippet, duration, uploaded, channel)',
  news: 'Search news (title, link, snippet, publisher, date)',
  shopping: 'Search products (title, price, link, source, rating, reviews, imageUrl)',
  places: 'Search places (title, address, latitude, longitude, rating, reviews, phone, category)',
  patents: 'Search patents (title, patentNumber, link, snippet, inventors, assignee, filingDate, grantDate)',
  scholar: 'Search scholarly works (title, link, snippet, authors, publication, citations)',
  autocomplete: 'Complete a query prefix (suggestions ranked by how often they were searched)',
};

/**
 * `POST /api/v1/{images,videos,news,shopping,places,patents,scholar,autocomplete}` (shape A):
 * `searchParameters` plus the array named after the vertical. Charged `PRICE_SEARCH_CALL`.
 */
export function registerVerticalSearchRoutes(app: App, deps: SearchRouteDeps): void {
  const { service, metering } = deps;
  for (const vertical of DEDICATED_VERTICALS) {
    const endpoint = verticalEndpoint(vertical);
    app.post(
      `/api/v1/${vertical}`,
      {
        ...metering.hooks,
        schema: {
          tags: searchTags,
          security: searchSecurity,
          summary: SUMMARIES[vertical],
          description:
            'Supports the same query language as `/api/v1/search`. Charged `PRICE_SEARCH_CALL`; cached up to `SEARCH_CACHE_TTL` ' +
            '(`use_cache: false` forces a fresh search). `searchParameters.engine` names the engine that answered.',
          body: VERTICAL_REQUEST_SCHEMAS[vertical],
          response: { 200: VERTICAL_RESPONSE_SCHEMAS[vertical], ...searchErrorResponses },
        },
      },
      async (request, reply) => {
        checkSearchFields(request.body, { field: 'q', text: request.body.q });
        const search = resolveVerticalRequest(request.body);
        const { useCache, ...rest } = search;
        // Per account: the answer may hold the account's own scraped pages and search history.
        const account = request.apiKey!.userId;
        const key = { ...rest, account };
        const cache = { endpoint, key, ttlSeconds: deps.cacheTtlSeconds, useCache };
        const body = await meteredCached(
          deps,
          { request, reply, endpoint, maxCost: deps.priceCall },
          searchWork(deps, deps.priceCall, cache, (shared) => service.vertical(vertical, search, account, shared)),
        );
        if (vertical !== 'autocomplete') service.countQuery(search.q, account, foundAny(body, [vertical]));
        return body;
      },
    );
  }
}
