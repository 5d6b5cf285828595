import { Type } from '@sinclair/typebox';
import type { CachedRunner } from '../cache/cached.js';
import type { Metering } from '../credits/metering.js';
import { chargeFor, meteredCached, type CacheHitCharge } from '../credits/metered-cached.js';
import { meteredErrorResponses } from '../credits/metered-errors.js';
import type { App } from '../http/server.js';
import { browserNotInstalledError } from './errors.js';
import { parseScrapeRequest } from './scrape-request.js';
import { ScrapeRequestBody, ScrapeResponse, type ScrapeMetadata } from './schemas.js';
import type { ScrapeResult, ScrapeService } from './service.js';

/** The ledger's and the cache's `endpoint` of every scrape. */
export const SCRAPE_ENDPOINT = 'scrape';

export interface ScrapeRouteDeps {
  readonly service: ScrapeService;
  readonly metering: Metering;
  readonly cached: CachedRunner;
  /** Seconds a result is served from the cache (`SCRAPE_CACHE_TTL`); 0 turns caching off. */
  readonly cacheTtlSeconds: number;
  /** `CACHE_HIT_CHARGE`: whether an answer served from the cache costs what the original did. */
  readonly cacheHitCharge: CacheHitCharge;
}

/**
 * `POST /api/v1/scrape/`: authenticate → throttle → validate → a cached result is charged in
 * one step; otherwise hold the most the scrape can cost → scrape → charge only for content.
 */
export function registerScrapeRoutes(app: App, deps: ScrapeRouteDeps): void {
  const { service, metering } = deps;

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
      if (input.render === 'always' && !service.browserAvailable) throw browserNotInstalledError();
      // A hit's cost is that of the stored scrape (with the browser's surcharge only if it rendered).
      return meteredCached(
        deps,
        { request, reply, endpoint: SCRAPE_ENDPOINT, maxCost: service.maxCost(input.render) },
        {
          cache: { endpoint: SCRAPE_ENDPOINT, key: input, ttlSeconds: deps.cacheTtlSeconds, useCache },
          work: (shared) => service.scrape(input, shared, request.apiKey!.userId),
          price: ({ value, hit }) => ({
            body: scrapeAnswer(value, { cache: hit ? 'hit' : 'miss', source_url: sourceUrl }),
            cost: chargeFor(service.costOf(value.billing), hit, deps.cacheHitCharge),
          }),
        },
      );
    },
  );
}

/** The answer of `POST /api/v1/scrape/` for a scrape (the MCP `scrape` tool answers the same). */
export function scrapeAnswer(result: ScrapeResult, perRequest: Pick<ScrapeMetadata, 'cache' | 'source_url'>) {
  // Results cached before `warnings` existed have none: the field is required in the answer.
  const warnings = result.data.metadata.warnings ?? [];
  return { success: true, data: { ...result.data, metadata: { ...result.data.metadata, warnings, ...perRequest } } };
}
