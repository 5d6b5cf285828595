import type { Metering } from '../../credits/index.js';
import type { App } from '../../http/server.js';
import { firecrawlErrors, firecrawlSecurity, firecrawlTags, postHooks } from './route-kit.js';
import { createFirecrawlSearch, resolveFirecrawlSearch, type SearchDeps } from './search.js';
import { SearchBodyV1, SearchBodyV2, SearchResponseV1, SearchResponseV2 } from './schemas.js';

/** The ledger's `endpoint` of Firecrawl-compatible searches. */
export const FIRECRAWL_SEARCH_ENDPOINT = 'firecrawl/search';

const description =
  "Firecrawl-compatible search over Quarry's search (same engines, cache and price: `PRICE_SEARCH_SOURCE` per source). " +
  '`limit` (default 5, per source), `tbs`, `location`, `lang`, `country`, `timeout`; `scrapeOptions.formats` scrapes each web/news hit, charged as a scrape. ' +
  '`categories`, `includeDomains`, `excludeDomains` and `filter` answer 400 (use `site:` in the query).';

/** `POST /v2/search` (`data: {web, news, images}`) and `POST /v1/search` (`data: [...]`, web only). */
export function registerSearchRoutes(app: App, deps: SearchDeps & { readonly metering: Metering }): void {
  const { metering, scraper } = deps;
  const search = createFirecrawlSearch(deps);
  app.post(
    '/v2/search',
    {
      ...postHooks(metering),
      schema: {
        tags: firecrawlTags,
        security: firecrawlSecurity,
        summary: 'Firecrawl v2 search',
        description,
        body: SearchBodyV2,
        response: { 200: SearchResponseV2, ...firecrawlErrors },
      },
    },
    async (request, reply) => {
      const resolved = resolveFirecrawlSearch(request.body, 'v2', scraper.browserAvailable);
      const { data, cost } = await search.run({ request, reply, endpoint: FIRECRAWL_SEARCH_ENDPOINT }, resolved);
      return { success: true as const, data, creditsUsed: cost };
    },
  );
  app.post(
    '/v1/search',
    {
      ...postHooks(metering),
      schema: {
        tags: firecrawlTags,
        security: firecrawlSecurity,
        summary: 'Firecrawl v1 search',
        description,
        body: SearchBodyV1,
        response: { 200: SearchResponseV1, ...firecrawlErrors },
      },
    },
    async (request, reply) => {
      const resolved = resolveFirecrawlSearch(request.body, 'v1', scraper.browserAvailable);
      const { data, cost } = await search.run({ request, reply, endpoint: FIRECRAWL_SEARCH_ENDPOINT }, resolved);
      return { success: true as const, data: data.web ?? [], creditsUsed: cost };
    },
  );
}
