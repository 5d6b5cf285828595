/**
 * The drop-in wire formats of the search and read APIs agents already call (Tavily, Exa, Jina
 * Reader), each at its own root prefix and each switched by a setting. Tavily and Exa are mappers
 * over the search and scrape use cases (src/use-cases/): the key is checked and throttled once at
 * the edge and each request is one metered operation. Jina Reader still calls Quarry's REST API in
 * process (quarry-rest.ts).
 */
import type { Feature } from '../feature.js';
import { registerExaRoutes } from './exa/routes.js';
import { registerJinaRoutes } from './jina/routes.js';
import { injectedRest } from './quarry-rest.js';
import { registerTavilyRoutes } from './tavily/routes.js';
import { createScrapeUseCase } from '../use-cases/scrape.js';
import { createSearchUseCase } from '../use-cases/search.js';

export const agentApisFeature: Feature = {
  name: 'agent-apis',
  async register({ app, config, now, metering, keys, cached, searching, scraping }) {
    const caching = { cached, cacheHitCharge: config.cacheHitCharge };
    const ops = {
      metering,
      keys,
      now,
      search: createSearchUseCase({
        ...caching,
        router: searching.router,
        service: searching.service,
        cacheTtlSeconds: config.searchCacheTtl,
        priceSource: config.priceSearchSource,
      }),
      scrape: createScrapeUseCase({ ...caching, service: scraping.service, cacheTtlSeconds: config.scrapeCacheTtl }),
    };
    if (config.compatTavily) await registerTavilyRoutes(app, ops);
    if (config.compatExa) await registerExaRoutes(app, ops);
    // Jina Reader still reaches Quarry through its REST API in process (its html mode reads through the Firecrawl scrape).
    if (config.compatJina) registerJinaRoutes(app, { rest: injectedRest(app), now, htmlAvailable: config.compatFirecrawl });
  },
};
