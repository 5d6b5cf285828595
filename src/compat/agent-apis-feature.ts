/**
 * The drop-in wire formats of the search and read APIs agents already call (Tavily, Exa, Jina
 * Reader), each at its own root prefix and each switched by a setting. Tavily, Exa and Jina
 * Reader are mappers over the search, scrape and answer use cases (src/use-cases/): the key is
 * checked and throttled once at the edge and each request is one metered operation.
 */
import type { CachedRunner } from '../cache/cached.js';
import type { Config } from '../config/index.js';
import type { ChatService } from '../chat/index.js';
import type { Ledger, Metering } from '../credits/index.js';
import type { Scraping, Searching } from '../deps.js';
import type { Feature } from '../feature.js';
import type { KeyService } from '../keys/index.js';
import type { OffloadPool } from '../scrape/index.js';
import { registerExaRoutes } from './exa/routes.js';
import { registerJinaRoutes } from './jina/routes.js';
import { registerTavilyRoutes } from './tavily/routes.js';
import { answersFrom } from '../use-cases/answer.js';
import { createScrapeUseCase } from '../use-cases/scrape.js';
import { createSearchUseCase } from '../use-cases/search.js';

export interface AgentApisFeatureDeps {
  readonly metering: Metering;
  readonly ledger: Ledger;
  readonly keys: KeyService;
  readonly cached: CachedRunner;
  readonly searching: Searching;
  readonly scraping: Scraping;
  /** The worker pool, for Jina's `html` mode. */
  readonly offload: Pick<OffloadPool, 'cleanHtml'>;
  /** Undefined when no chat model is configured: Tavily's `include_answer` and Exa's `/answer` are 503. */
  readonly chat: ChatService | undefined;
  readonly config: Pick<
    Config,
    'cacheHitCharge' | 'searchCacheTtl' | 'priceSearchSource' | 'scrapeCacheTtl' | 'holdTtlSeconds' | 'compatTavily' | 'compatExa' | 'compatJina'
  >;
}

export const agentApisFeature = ({ metering, ledger, keys, cached, searching, scraping, offload, chat, config }: AgentApisFeatureDeps): Feature => ({
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
      answers: answersFrom({ cached, searchService: searching.service, scrapeService: scraping.service, chat, ledger, config, now }),
    };
    if (config.compatTavily) await registerTavilyRoutes(app, ops);
    if (config.compatExa) await registerExaRoutes(app, ops);
    if (config.compatJina) await registerJinaRoutes(app, ops);
  },
});
