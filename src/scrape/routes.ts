import { Type } from '@sinclair/typebox';
import { type Metering, meteredErrorResponses } from '../credits/index.js';
import type { App } from '../http/server.js';
import { SCRAPE_USE_CASE_ENDPOINT, type ScrapeUseCase } from '../use-cases/scrape.js';
import { browserNotInstalledError } from './errors.js';
import { parseScrapeRequest } from './scrape-request.js';
import { ScrapeRequestBody, ScrapeResponse } from './schemas.js';
import { scrapeAnswer } from './answer.js';

/** The ledger's and the cache's `endpoint` of every scrape. */
export const SCRAPE_ENDPOINT = SCRAPE_USE_CASE_ENDPOINT;

export interface ScrapeRouteDeps {
  /** The scrape operation, over the process's scrape service and result cache (`SCRAPE_CACHE_TTL`, `CACHE_HIT_CHARGE`). */
  readonly scrape: ScrapeUseCase;
  readonly metering: Metering;
}

/**
 * `POST /api/v1/scrape/`: authenticate → throttle → validate → a cached result is charged in
 * one step; otherwise hold the most the scrape can cost → scrape → charge only for content.
 */
export function registerScrapeRoutes(app: App, deps: ScrapeRouteDeps): void {
  const { scrape, metering } = deps;
  app.post(
    '/api/v1/scrape/',
    {
      ...metering.hooks,
      schema: {
        tags: ['scrape'],
        security: [{ ApiKeyAuth: [] }],
        summary: 'Scrape a page to Markdown, plain text or JSON',
        description:
          'Fetches the page (rendering it in a headless browser when it needs JavaScript or stands behind an anti-bot challenge), ' +
          'removes boilerplate and returns the requested formats. Charged `PRICE_SCRAPE` (+ `PRICE_SCRAPE_BROWSER` when the browser was needed) ' +
          'only when the target answered 2xx and content was extracted; a non-2xx target answers 502 and costs nothing. ' +
          'Results are cached for `SCRAPE_CACHE_TTL` seconds (`X-Cache: HIT|MISS`).',
        body: Type.Ref(ScrapeRequestBody),
        response: { 200: Type.Ref(ScrapeResponse), ...meteredErrorResponses },
      },
    },
    async (request, reply) => {
      const { input, useCache, sourceUrl } = parseScrapeRequest(request.body);
      // Refused before the hold: a server without a browser cannot do this, whatever the page.
      if (input.render === 'always' && !scrape.browserAvailable) throw browserNotInstalledError();
      const page = { ...input, useCache };
      // A hit's cost is that of the stored scrape (with the browser's surcharge only if it rendered).
      const { result, cached } = await metering.run(
        request,
        reply,
        SCRAPE_ENDPOINT,
        scrape.maxCostOf(input.render),
        (signal) => scrape.run(request.apiKey!.userId, page, signal),
        () => scrape.stored(page),
      );
      reply.header('x-cache', cached ? 'HIT' : 'MISS');
      return scrapeAnswer(result, { cache: cached ? 'hit' : 'miss', source_url: sourceUrl });
    },
  );
}
