import type { Metering } from '../../credits/metering.js';
import type { App } from '../../http/server.js';
import { firecrawlError } from './errors.js';
import { resolveMap, type Mapper } from './map.js';
import { firecrawlErrors, firecrawlSecurity, firecrawlTags, postHooks } from './route-kit.js';
import { MapBody, MapResponseV1, MapResponseV2 } from './schemas.js';

/** The ledger's `endpoint` of Firecrawl-compatible maps. */
export const FIRECRAWL_MAP_ENDPOINT = 'firecrawl/map';

const description =
  'The URLs of a site, from its sitemaps and the links of the given page, fetched through the guarded fetch engine; charged `PRICE_SCRAPE`. ' +
  '`search` keeps links containing the text; `sitemap` (v2) or `ignoreSitemap`/`sitemapOnly` (v1); `includeSubdomains`, `ignoreQueryParameters` (default true), `limit` (≤ 5000), `timeout`.';

/** `POST /v2/map` (`links: [{url, title?}]`) and `POST /v1/map` (`links: [url]`). */
export function registerMapRoutes(app: App, deps: { readonly mapper: Mapper; readonly metering: Metering; readonly price: number }): void {
  const { mapper, metering, price } = deps;
  const run = async (body: MapBody, signal: AbortSignal) => {
    const resolved = resolveMap(body);
    const deadline = resolved.timeoutMs === undefined ? undefined : AbortSignal.timeout(resolved.timeoutMs);
    try {
      return await mapper.map(resolved, deadline === undefined ? signal : AbortSignal.any([signal, deadline]));
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
      return metering.run(request, reply, FIRECRAWL_MAP_ENDPOINT, price, async (signal) => ({
        body: { success: true as const, links: await run(request.body, signal) },
        cost: price,
      }));
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
      return metering.run(request, reply, FIRECRAWL_MAP_ENDPOINT, price, async (signal) => ({
        body: { success: true as const, links: (await run(request.body, signal)).map((link) => link.url) },
        cost: price,
      }));
    },
  );
}
