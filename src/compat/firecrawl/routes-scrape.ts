import type { CachedRunner } from '../../cache/cached.js';
import { meteredCached } from '../../credits/metered-cached.js';
import type { Metering } from '../../credits/metering.js';
import type { App } from '../../http/server.js';
import { firecrawlErrors, firecrawlSecurity, firecrawlTags, postHooks, VERSIONS } from './route-kit.js';
import { resolveScrapeOptions } from './scrape-options.js';
import type { FirecrawlScraper } from './scraper.js';
import { ScrapeBody, ScrapeResponse } from './schemas.js';

/** The ledger's `endpoint` of Firecrawl-compatible scrapes. */
export const FIRECRAWL_SCRAPE_ENDPOINT = 'firecrawl/scrape';

/** `POST /v1/scrape` and `POST /v2/scrape`: one page, metered like `POST /api/v1/scrape/` (a cached copy charged in one step). */
export function registerScrapeRoutes(app: App, deps: { readonly scraper: FirecrawlScraper; readonly metering: Metering; readonly cached: CachedRunner }): void {
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
            "Formats `markdown`, `html`, `rawHtml`, `links`, `json` (Quarry's structured JSON); options `onlyMainContent` (true only), `maxAge`, `timeout`, `waitFor`. " +
            'Options that would change the answer and that Quarry cannot honour (actions, includeTags, location, LLM extraction…) answer 400.',
          body: ScrapeBody,
          response: { 200: ScrapeResponse, ...firecrawlErrors },
        },
      },
      async (request, reply) => {
        const { url, ...options } = request.body;
        const resolved = resolveScrapeOptions(options, '', scraper.browserAvailable, ['markdown']);
        const document = await meteredCached(
          deps,
          { request, reply, endpoint: FIRECRAWL_SCRAPE_ENDPOINT, maxCost: scraper.maxCost(resolved) },
          scraper.scrapeWork(url, resolved, request.apiKey!.userId),
        );
        return { success: true as const, data: document };
      },
    );
  }
}
