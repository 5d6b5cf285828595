/**
 * The drop-in wire formats of the search and read APIs agents already call (Tavily, Exa, Jina
 * Reader), each at its own root prefix and each switched by a setting. Tavily, Exa and Jina
 * Reader are mappers over the search and scrape use cases (src/use-cases/): the key is checked and
 * throttled once at the edge and each request is one metered operation.
 */
import type { CachedRunner } from '../cache/cached.js';
import type { Config } from '../config/index.js';
import type { Metering } from '../credits/index.js';
import type { Scraping, Searching } from '../deps.js';
import type { Feature } from '../feature.js';
import type { KeyService } from '../keys/index.js';
import type { OffloadPool } from '../scrape/index.js';
import { registerExaRoutes } from './exa/routes.js';
import { registerJinaRoutes } from './jina/routes.js';
import { registerTavilyRoutes } from './tavily/routes.js';
import { createScrapeUseCase } from '../use-cases/scrape.js';
import { createSearchUseCase } from '../use-cases/search.js';

export interface AgentApisFeatureDeps {
  readonly metering: Metering;
  readonly keys: KeyService;
  readonly cached: CachedRunner;
  readonly searching: Searching;
  readonly scraping: Scraping;
  /** The worker pool, for Jina's `html` mode. */
  readonly offload: Pick<OffloadPool, 'cleanHtml'>;
  readonly config: Pick<Config, 'cacheHitCharge' | 'searchCacheTtl' | 'priceSearchSource' | 'scrapeCacheTtl' | 'compatTavily' | 'compatExa' | 'compatJina'>;
}

export const agentApisFeature = ({ metering, keys, cached, searching, scraping, offload, config }: AgentApisFeatureDeps): Feature => ({
  name: 'agent-apis',
  async register({ app, now }) {
    const caching = { cached, cacheHitCharge: config.cacheHitCharge };
    const ops = {
      metering,
      keys,
      now,
      search: createSearchUseCase({
        ...caching,
        service: searching.service,
        cacheTtlSeconds: config.searchCacheTtl,
        priceSource: config.priceSearchSource,
      }),
      scrape: createScrapeUseCase({
        ...caching,
        service: scraping.service,
        cacheTtlSeconds: config.scrapeCacheTtl,
        // Jina's `html` mode: the page's cleaned body, in the worker pool like Firecrawl's `html` format.
        cleanHtml: (html, signal, owner) => offload.cleanHtml(html, signal, owner),
      }),
    };
    if (config.compatTavily) await registerTavilyRoutes(app, ops);
    if (config.compatExa) await registerExaRoutes(app, ops);
    if (config.compatJina) await registerJinaRoutes(app, ops);
  },
});
