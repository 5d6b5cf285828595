/**
 * The MCP server at `/mcp` (`MCP_ENABLED`): its tools run Quarry's use cases in process (the
 * combined search, scrape, map and answers), over the process's shared engines, cache, chat
 * models, metering and ledger.
 */
import type { CachedRunner } from '../cache/cached.js';
import type { ChatService } from '../chat/index.js';
import type { Config } from '../config/index.js';
import type { Ledger, Metering } from '../credits/index.js';
import type { Scraping, Searching } from '../deps.js';
import type { Feature } from '../feature.js';
import type { KeyService } from '../keys/index.js';
import type { OffloadPool } from '../scrape/index.js';
import { answersFrom } from '../use-cases/answer.js';
import { createCombinedSearch } from '../use-cases/combined-search.js';
import { createMapUseCase } from '../use-cases/map.js';
import { createScrapeUseCase } from '../use-cases/scrape.js';
import { mcpAllowedHosts, mcpAllowedOrigins } from './allowed-hosts.js';
import { registerMcpRoute } from './http-route.js';
import { toolPrices } from './tool-prices.js';
import { toolDefinitions } from './tools.js';

export interface McpFeatureDeps {
  readonly keys: KeyService;
  readonly metering: Metering;
  readonly ledger: Ledger;
  readonly cached: CachedRunner;
  readonly offload: Pick<OffloadPool, 'readPage'>;
  readonly scraping: Scraping;
  readonly searching: Searching;
  /** Undefined when no chat model is configured: the `answer` tool is then not offered. */
  readonly chat: ChatService | undefined;
  readonly config: Pick<
    Config,
    | 'mcpEnabled'
    | 'mcpAllowedHosts'
    | 'mcpAllowedOrigins'
    | 'publicUrl'
    | 'host'
    | 'cacheHitCharge'
    | 'searchCacheTtl'
    | 'priceSearchSource'
    | 'scrapeCacheTtl'
    | 'crawlUserAgent'
    | 'priceScrape'
    | 'priceScrapeBrowser'
    | 'holdTtlSeconds'
  >;
}

export const mcpFeature = ({ keys, metering, ledger, cached, offload, scraping, searching, chat, config }: McpFeatureDeps): Feature => ({
  name: 'mcp',
  register({ app, now }) {
    if (!config.mcpEnabled) return;
    const caching = { cached, cacheHitCharge: config.cacheHitCharge };
    const operations = {
      metering,
      ledger,
      now,
      search: createCombinedSearch({
        ...caching,
        service: searching.service,
        cacheTtlSeconds: config.searchCacheTtl,
        priceSource: config.priceSearchSource,
      }),
      scrape: createScrapeUseCase({ ...caching, service: scraping.service, cacheTtlSeconds: config.scrapeCacheTtl }),
      // The tool's price: the page like one scrape, and the sitemap like another when the site has one.
      map: createMapUseCase({
        fetchEngine: scraping.fetchEngine,
        userAgent: config.crawlUserAgent,
        readPage: (html, url) => offload.readPage(html, url),
        pricing: { page: config.priceScrape, sitemap: config.priceScrape },
      }),
      answers:
        chat === undefined ? undefined : answersFrom({ cached, searchService: searching.service, scrapeService: scraping.service, chat, ledger, config, now }),
    };
    // The answer's tokens are priced at the default model, which writes it unless the call names another.
    const writer = chat?.models.resolve();
    const answerTokens = writer === undefined ? undefined : { promptPer1k: writer.promptPricePer1k, completionPer1k: writer.completionPricePer1k };
    const tools = toolDefinitions({ ...toolPrices(config), ...(answerTokens === undefined ? {} : { answerTokens }) }, '', chat !== undefined);
    registerMcpRoute(app, { keys, allowed: { hosts: mcpAllowedHosts(config), origins: mcpAllowedOrigins(config) }, tools, operations });
  },
});
