import type { Metering } from '../../credits/index.js';
import type { App } from '../../http/server.js';
import { firecrawlError } from './errors.js';
import type { MapUseCase } from '../../use-cases/map.js';
import { resolveMap } from './map.js';
import { firecrawlErrors, firecrawlSecurity, firecrawlTags, postHooks } from './route-kit.js';
import { MapBody, MapResponseV1, MapResponseV2 } from './schemas.js';

/** The ledger's `endpoint` of Firecrawl-compatible maps. */
export const FIRECRAWL_MAP_ENDPOINT = 'firecrawl/map';

const description =
  'The URLs of a site, from its sitemaps and the links of the given page, fetched through the guarded fetch engine; charged `PRICE_SCRAPE`. ' +
  '`search` keeps links containing the text; `sitemap` (v2) or `ignoreSitemap`/`sitemapOnly` (v1); `includeSubdomains`, `ignoreQueryParameters` (default true), `limit` (≤ 5000), `timeout`.';

/**
 * `POST /v2/map` (`links: [{url, title?}]`) and `POST /v1/map` (`links: [url]`), over the map use
 * case priced flat (`PRICE_SCRAPE`, sitemap or not).
 */
export function registerMapRoutes(app: App, deps: { readonly map: MapUseCase; readonly metering: Metering }): void {
  const { map, metering } = deps;
  const run = async (body: MapBody, signal: AbortSignal) => {
    const resolved = resolveMap(body);
    const deadline = resolved.timeoutMs === undefined ? undefined : AbortSignal.timeout(resolved.timeoutMs);
    try {
      return await map.run(resolved, deadline === undefined ? signal : AbortSignal.any([signal, deadline]));
    } catch (error) {
      if (deadline?.aborted && !signal.aborted) throw firecrawlError(408, `Map timed out after ${resolved.timeoutMs} ms`, 'MAP_TIMEOUT');
      throw error;
    }
  };
  app.post(
    '/v2/map',
    {
      ...postHooks(metering),
      schema: {
        tags: firecrawlTags,
        security: firecrawlSecurity,
        summary: 'Firecrawl v2 map',
        description,
        body: MapBody,
        response: { 200: MapResponseV2, ...firecrawlErrors },
      },
    },
    async (request, reply) => {
      resolveMap(request.body);
      return metering.run(request, reply, FIRECRAWL_MAP_ENDPOINT, map.maxCost, async (signal) => {
        const { body, cost } = await run(request.body, signal);
        return { body: { success: true as const, links: body.links }, cost };
      });
    },
  );
  app.post(
    '/v1/map',
    {
      ...postHooks(metering),
      schema: {
        tags: firecrawlTags,
        security: firecrawlSecurity,
        summary: 'Firecrawl v1 map',
        description,
        body: MapBody,
        response: { 200: MapResponseV1, ...firecrawlErrors },
      },
    },
    async (request, reply) => {
      resolveMap(request.body);
      return metering.run(request, reply, FIRECRAWL_MAP_ENDPOINT, map.maxCost, async (signal) => {
        const { body, cost } = await run(request.body, signal);
        return { body: { success: true as const, links: body.links.map((link) => link.url) }, cost };
      });
    },
  );
}
