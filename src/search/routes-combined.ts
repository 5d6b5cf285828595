import { CombinedSearchRequest, resolveCombinedRequest } from './requests.js';
import { CombinedSearchResponse } from './combined-shape.js';
import { checkSearchFields } from './requests.js';
import { searchErrorResponses, searchSecurity, searchTags, type SearchRouteDeps } from './routes-shared.js';
import { answerHeaders, renderCombined } from './routes-render.js';
import type { App } from '../http/server.js';

/**
 * `POST /api/v1/search`: one search over several sources (shape B). Holds and charges
 * `PRICE_SEARCH_SOURCE` per requested source; nothing when every engine of a source failed.
 */
export function registerCombinedSearchRoute(app: App, deps: SearchRouteDeps): void {
  const { metering } = deps;
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
      const input = resolveCombinedRequest(request.body);
      const served = await deps.combined.run(metering.callerOf(request, reply), input);
      answerHeaders(reply, served);
      return renderCombined(served.result, deps.now());
    },
  );
}
