import type { App } from '../http/server.js';
import { resolveVerticalRequest, VERTICAL_REQUEST_SCHEMAS } from './requests.js';
import { checkSearchFields } from './requests.js';
import { searchErrorResponses, searchSecurity, searchTags, type SearchRouteDeps } from './routes-shared.js';
import { answerHeaders, renderVertical } from './routes-render.js';
import { VERTICAL_RESPONSE_SCHEMAS } from './shapes.js';
import { DEDICATED_VERTICALS, type DedicatedVertical } from './verticals.js';

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
  const { metering } = deps;
  for (const vertical of DEDICATED_VERTICALS) {
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
        const caller = metering.callerOf(request, reply);
        const served = vertical === 'autocomplete' ? await deps.autocomplete.run(caller, search) : await deps.vertical.run(caller, { vertical, search });
        answerHeaders(reply, served);
        return renderVertical(vertical, search, served.result, deps.now());
      },
    );
  }
}
