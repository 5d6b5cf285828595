/**
 * The Firecrawl-compatible API (`COMPAT_FIRECRAWL`): `/v1` and `/v2` scrape, search, map and crawl,
 * with a Quarry API key as `Authorization: Bearer`. A thin adapter: the same scrape and search
 * services, metering, cache and ledger as Quarry's own endpoints, built here from their public
 * factories; crawls run as durable jobs (src/jobs) over Quarry's crawler.
 */
import type { Config } from '../../config/index.js';
import type { Feature, FeatureContext } from '../../feature.js';
import type { SearchEngine } from '../../search/engine.js';
import { createJobQueue } from '../../jobs/index.js';
import { createAppIndexStore } from '../../search/app-index-store.js';
import { createLocalEngine } from '../../local-index/local-engine.js';
import { createBrowserEngine } from '../../scrape/browser/index.js';
import { browserEngineOptions, fetchEngineOptions } from '../../scrape/engine-options.js';
import { createFetchEngine } from '../../scrape/net/index.js';
import { blendFromConfig, chainsFromConfig } from '../../search/chains.js';
import { createSearchRouter } from '../../search/router.js';
import { createSearchService } from '../../search/search-service.js';
import { CRAWL_QUEUE, createCrawlRunner, type CrawlJobData } from './crawl-runner.js';
import { createCrawlStore } from './crawl-store.js';
import { createMapper } from './map.js';
import { registerCrawlRoutes } from './routes-crawl.js';
import { registerMapRoutes } from './routes-map.js';
import { registerScrapeRoutes } from './routes-scrape.js';
import { registerSearchRoutes } from './routes-search.js';
import { firecrawlSchemas } from './schemas.js';
import { createFirecrawlScraper } from './scraper.js';

/** A crawl job running longer than this is taken as lost (its instance died) and run again. */
const CRAWL_EXPIRY_SECONDS = 6 * 3600;

function searchServiceFor(context: FeatureContext, upstreamEngines: (config: Config) => SearchEngine[]) {
  const { config, now } = context;
  const store = createAppIndexStore(context);
  const router = createSearchRouter({
    engines: [createLocalEngine(store), ...upstreamEngines(config)],
    chains: chainsFromConfig(config),
    blend: blendFromConfig(config),
    engineTimeoutMs: config.searchEngineTimeoutMs,
    clock: { now: () => now().getTime() },
  });
  return createSearchService({
    router,
    queryLog: store,
    now,
  });
}

async function register(context: FeatureContext, upstreamEngines: (config: Config) => SearchEngine[]): Promise<void> {
  const { app, config, db, dialect, log, now, metering, cached, ledger, onClose, offload } = context;
  if (!config.compatFirecrawl) return;

  const fetchEngine = createFetchEngine(fetchEngineOptions(config));
  onClose(() => fetchEngine.close());
  const browserEngine = createBrowserEngine(browserEngineOptions(config));
  onClose(() => browserEngine.close());
  const crawlFetchEngine = createFetchEngine({ ...fetchEngineOptions(config), userAgent: config.crawlUserAgent });
  onClose(() => crawlFetchEngine.close());

  // Pages are untrusted: the index's reading of them runs in the worker pool, never on the event loop.
  const readPage = (html: string, url: string) => offload.readPage(html, url);
  const prices = { scrape: config.priceScrape, browser: config.priceScrapeBrowser };
  const scraper = createFirecrawlScraper({
    fetchEngine,
    browserEngine,
    prices,
    reader: offload,
    cached,
    cacheTtlSeconds: config.scrapeCacheTtl,
    cacheHitCharge: config.cacheHitCharge,
    now,
  });
  registerScrapeRoutes(app, { scraper, metering, cached });
  registerSearchRoutes(app, {
    service: searchServiceFor(context, upstreamEngines),
    scraper,
    metering,
    cached,
    cacheTtlSeconds: config.searchCacheTtl,
    cacheHitCharge: config.cacheHitCharge,
    priceSource: config.priceSearchSource,
  });
  registerMapRoutes(app, { mapper: createMapper({ fetchEngine, userAgent: config.crawlUserAgent, readPage }), metering, price: config.priceScrape });

  const store = createCrawlStore(db, dialect, now);
  const queue = await createJobQueue({ dialect, db, databaseUrl: config.databaseUrl, log, now });
  // Registered after the engines: closers run in reverse, so running crawls stop before the engines close.
  onClose(() => queue.stop());
  const runner = createCrawlRunner({
    db,
    store,
    ledger,
    fetchEngine: crawlFetchEngine,
    userAgent: config.crawlUserAgent,
    reader: offload,
    pricePerPage: config.priceScrape,
    holdTtlSeconds: config.holdTtlSeconds,
    // One account cannot take every crawl slot: at most half of them, rounded up.
    slotsPerAccount: Math.ceil(config.crawlJobConcurrency / 2),
    requeue: async (crawlId, afterSeconds) => {
      await queue.send<CrawlJobData>(CRAWL_QUEUE, { crawlId }, { startAfterSeconds: afterSeconds });
    },
    now,
    log,
  });
  await queue.work<CrawlJobData>(
    CRAWL_QUEUE,
    { concurrency: config.crawlJobConcurrency, retryLimit: 2, expireInSeconds: CRAWL_EXPIRY_SECONDS },
    (job, signal) => runner.run(job, signal),
  );
  registerCrawlRoutes(app, {
    store,
    queue,
    ledger,
    metering,
    maxPages: config.firecrawlCrawlMaxPages,
    delayMs: config.crawlDelayMs,
    pricePerPage: config.priceScrape,
    maxPageBytes: config.firecrawlCrawlPageBytes,
    publicUrl: config.publicUrl,
    now,
  });
}

export interface FirecrawlFeatureOptions {
  /** The search engines besides the local index; pass the ones Quarry's own search uses (`sharedPerConfig`). */
  readonly upstreamEngines: (config: Config) => SearchEngine[];
}

export function createFirecrawlFeature(options: FirecrawlFeatureOptions): Feature {
  return { name: 'compat-firecrawl', schemas: firecrawlSchemas, register: (context) => register(context, options.upstreamEngines) };
}
