/**
 * The Firecrawl-compatible API (`COMPAT_FIRECRAWL`): `/v1` and `/v2` scrape, search, map and crawl,
 * with a Quarry API key as `Authorization: Bearer`. A thin adapter over the process's own scrape
 * and search services, engines, metering, cache and ledger (src/deps.ts): per-host limits, the
 * browser's context cap and the search engines' breakers are the same as for Quarry's endpoints.
 * Crawls run as durable jobs (the process's job queue, src/jobs) over Quarry's crawler.
 */
import type { Feature, FeatureContext } from '../../feature.js';
import type { App } from '../../http/server.js';
import { CRAWL_QUEUE, createCrawlRunner, type CrawlJobData } from './crawl-runner.js';
import { createCrawlStore } from './crawl-store.js';
import { renderFirecrawlError } from './errors.js';
import { createMapper } from './map.js';
import { registerCrawlRoutes } from './routes-crawl.js';
import { registerMapRoutes } from './routes-map.js';
import { registerScrapeRoutes } from './routes-scrape.js';
import { registerSearchRoutes } from './routes-search.js';
import { firecrawlSchemas } from './schemas.js';
import { createFirecrawlScraper } from './scraper.js';

/** A crawl job running longer than this is taken as lost (its instance died) and run again. */
const CRAWL_EXPIRY_SECONDS = 6 * 3600;

async function register(context: FeatureContext): Promise<void> {
  const { app, config, db, dialect, log, now, metering, cached, ledger, offload, scraping, searching } = context;
  if (!config.compatFirecrawl) return;
  const { fetchEngine, crawlFetchEngine } = scraping;

  // Pages are untrusted: the index's reading of them runs in the worker pool, never on the event loop.
  const readPage = (html: string, url: string) => offload.readPage(html, url);
  const scraper = createFirecrawlScraper({
    service: scraping.service,
    reader: offload,
    cached,
    cacheTtlSeconds: config.scrapeCacheTtl,
    cacheHitCharge: config.cacheHitCharge,
    now,
  });
  const mapper = createMapper({ fetchEngine, userAgent: config.crawlUserAgent, readPage });

  const store = createCrawlStore(db, dialect, now);
  // The process's queue stops at shutdown before the engines close (src/deps.ts).
  const queue = await context.jobQueue();
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
  // Every route of the surface in one scope, with one error handler: Quarry's answer to any error, in Firecrawl's words.
  await app.register(async (scope: App) => {
    scope.setErrorHandler(renderFirecrawlError);
    registerScrapeRoutes(scope, { scraper, metering, cached });
    registerSearchRoutes(scope, {
      service: searching.service,
      scraper,
      metering,
      cached,
      cacheTtlSeconds: config.searchCacheTtl,
      cacheHitCharge: config.cacheHitCharge,
      priceSource: config.priceSearchSource,
    });
    registerMapRoutes(scope, { mapper, metering, price: config.priceScrape });
    registerCrawlRoutes(scope, {
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
  });
}

export const firecrawlFeature: Feature = { name: 'compat-firecrawl', schemas: firecrawlSchemas, register };
