import type { CachedRunner } from '../../cache/cached.js';
import type { Metering } from '../../credits/index.js';
import type { App } from '../../http/server.js';
import { firecrawlErrors, firecrawlSecurity, firecrawlTags, postHooks, VERSIONS } from './route-kit.js';
import { resolveScrapeOptions } from './scrape-options.js';
import type { FirecrawlScraper } from './scraper.js';
import { ScrapeBody, ScrapeResponse } from './schemas.js';

/** The ledger's `endpoint` of Firecrawl-compatible scrapes. */
export const FIRECRAWL_SCRAPE_ENDPOINT = 'firecrawl/scrape';

/** `POST /v1/scrape` and `POST /v2/scrape`: one page, metered like `POST /api/v1/scrape/` (a cached copy charged in one step). */
export function registerScrapeRoutes(
  app: App,
  deps: { readonly scraper: FirecrawlScraper; readonly metering: Metering; /** Unused: the scraper holds the cache. */ readonly cached?: CachedRunner },
): void {
  const { scraper, metering } = deps;
  for (const version of VERSIONS) {
    app.post(
      `/${version}/scrape`,
      {
        ...postHooks(metering),
        schema: {
          tags: firecrawlTags,
          security: firecrawlSecurity,
          summary: `Firecrawl ${version} scrape`,
          description:
            "Firecrawl-compatible scrape over Quarry's scrape (same SSRF guard, cache and price: `PRICE_SCRAPE`, + `PRICE_SCRAPE_BROWSER` when rendered). " +
            "Formats `markdown`, `html`, `rawHtml`, `links`, `json` (Quarry's structured JSON); options `onlyMainContent` (default true; false: the whole cleaned page), `maxAge`, `timeout`, `waitFor`. " +
            'Options that would change the answer and that Quarry cannot honour (actions, includeTags, location, LLM extraction…) answer 400.',
          body: ScrapeBody,
          response: { 200: ScrapeResponse, ...firecrawlErrors },
        },
      },
      async (request, reply) => {
        const { url, ...options } = request.body;
        const resolved = resolveScrapeOptions(options, '', scraper.browserAvailable, ['markdown']);
        const page = await metering.run(
          request,
          reply,
          FIRECRAWL_SCRAPE_ENDPOINT,
          scraper.maxCost(resolved),
          (signal) => scraper.run(request.apiKey!.userId, url, resolved, signal),
          () => scraper.stored(url, resolved),
        );
        reply.header('x-cache', page.cached ? 'HIT' : 'MISS');
        return { success: true as const, data: scraper.answered(page) };
      },
    );
  }
}
