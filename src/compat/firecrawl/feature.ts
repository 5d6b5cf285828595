/**
 * The Firecrawl-compatible API (`COMPAT_FIRECRAWL`): `/v1` and `/v2` scrape, search, map and crawl,
 * with a Quarry API key as `Authorization: Bearer`. A thin adapter over the process's own scrape
 * and search services, engines, metering, cache and ledger (src/deps.ts): per-host limits, the
 * browser's context cap and the search engines' breakers are the same as for Quarry's endpoints.
 * Crawls run as durable jobs (the process's job queue, src/jobs) over Quarry's crawler.
 */
import type { Kysely } from 'kysely';
import type { CachedRunner } from '../../cache/cached.js';
import { chatErrorMapper, type ChatService } from '../../chat/index.js';
import type { Config } from '../../config/index.js';
import type { Ledger, Metering } from '../../credits/index.js';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Scraping, Searching } from '../../deps.js';
import { extractionErrorMapper } from '../../extraction/index.js';
import type { Feature, FeatureContext } from '../../feature.js';
import type { App } from '../../http/server.js';
import type { JobQueue } from '../../jobs/index.js';
import { createBatchStore, type OffloadPool } from '../../scrape/index.js';
import { createBatchEvents } from '../../use-cases/batch-scrape-events.js';
import { BATCH_EXPIRY_SECONDS, createBatchRunner, type BatchJobData } from '../../use-cases/batch-scrape-runner.js';
import type { FirecrawlDocument } from './document.js';
import type { Webhooks } from '../../webhooks/index.js';
import { CRAWL_QUEUE, createCrawlRunner, type CrawlJobData } from './crawl-runner.js';
import { createCrawlStore } from './crawl-store.js';
import { createCrawlEvents } from './crawl-webhook.js';
import { renderFirecrawlError } from './errors.js';
import { BatchBody, BatchStarted, FIRECRAWL_BATCH_QUEUE, firecrawlBatchPageScraper, registerBatchRoutes } from './routes-batch.js';
import { registerCrawlRoutes } from './routes-crawl.js';
import { registerMapRoutes } from './routes-map.js';
import { registerScrapeRoutes } from './routes-scrape.js';
import { registerSearchRoutes } from './routes-search.js';
import { firecrawlSchemas } from './schemas.js';
import { createChangeTrackingUseCase } from '../../use-cases/change-tracking.js';
import { createMapUseCase } from '../../use-cases/map.js';
import { createPageTasksUseCase } from '../../use-cases/page-tasks.js';
import { createFirecrawlScraper } from './scraper.js';

/** A crawl job running longer than this is taken as lost (its instance died) and run again. */
const CRAWL_EXPIRY_SECONDS = 6 * 3600;

export interface FirecrawlFeatureDeps {
  /** Firecrawl owns the crawl store's tables and runs its crawls on the job queue. */
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  readonly metering: Metering;
  readonly cached: CachedRunner;
  readonly ledger: Ledger;
  /** The process's chat models, for the model's scrape formats (json by schema or prompt, summary, question); undefined: those answer 503. */
  readonly chat: ChatService | undefined;
  readonly offload: OffloadPool;
  readonly scraping: Scraping;
  readonly searching: Searching;
  /** The process's durable job queue, started on first use. */
  jobQueue(): Promise<JobQueue>;
  /** The app's webhook outbox: crawls with a `webhook` send their events through it. */
  readonly webhooks: Webhooks;
  readonly config: Pick<
    Config,
    | 'compatFirecrawl'
    | 'scrapeCacheTtl'
    | 'searchCacheTtl'
    | 'cacheHitCharge'
    | 'priceSearchSource'
    | 'priceScrape'
    | 'crawlUserAgent'
    | 'holdTtlSeconds'
    | 'crawlJobConcurrency'
    | 'firecrawlCrawlMaxPages'
    | 'crawlDelayMs'
    | 'firecrawlCrawlPageBytes'
    | 'publicUrl'
    | 'batchMaxUrls'
    | 'batchMaxActivePerAccount'
    | 'batchJobConcurrency'
    | 'batchPageConcurrency'
    | 'batchStatusPageBytes'
  >;
}

async function register(context: FeatureContext, deps: FirecrawlFeatureDeps): Promise<void> {
  const { app, log, now } = context;
  const { config, db, dialect, metering, cached, ledger, chat, offload, scraping, searching } = deps;
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
    screenshots: scraping.screenshots,
  });
  // Priced flat, like one scrape: Firecrawl's map charges no more for a site with a sitemap.
  const map = createMapUseCase({ fetchEngine, userAgent: config.crawlUserAgent, readPage, pricing: { page: config.priceScrape, sitemap: 0 } });

  const store = createCrawlStore(db, dialect, now);
  const events = createCrawlEvents(deps.webhooks);
  // The process's queue stops at shutdown before the engines close (src/deps.ts).
  const queue = await deps.jobQueue();
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
    events,
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
  const batchStore = createBatchStore<FirecrawlDocument>(db, dialect, now);
  const batchEvents = createBatchEvents<FirecrawlDocument>(deps.webhooks);
  const batchRunner = createBatchRunner({
    store: batchStore,
    ledger,
    scraper: firecrawlBatchPageScraper(scraper),
    holdTtlSeconds: config.holdTtlSeconds,
    pageConcurrency: config.batchPageConcurrency,
    log,
    events: batchEvents,
  });
  await queue.work<BatchJobData>(
    FIRECRAWL_BATCH_QUEUE,
    { concurrency: config.batchJobConcurrency, retryLimit: 2, expireInSeconds: BATCH_EXPIRY_SECONDS },
    (job, signal) => batchRunner.run(job, signal),
  );
  // Every route of the surface in one scope, with one error handler: Quarry's answer to any error, in Firecrawl's words.
  await app.register(async (scope: App) => {
    scope.setErrorHandler(renderFirecrawlError);
    const pageTasks = createPageTasksUseCase({ chat, metering: { ledger, holdTtlSeconds: config.holdTtlSeconds } });
    const changes = createChangeTrackingUseCase({ db, now });
    registerScrapeRoutes(scope, { scraper, metering, pageTasks, changes, cached });
    registerSearchRoutes(scope, {
      service: searching.service,
      scraper,
      metering,
      cached,
      cacheTtlSeconds: config.searchCacheTtl,
      cacheHitCharge: config.cacheHitCharge,
      priceSource: config.priceSearchSource,
      now,
    });
    registerMapRoutes(scope, { map, metering });
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
      events,
      webhooksAvailable: deps.webhooks.available,
      now,
    });
    registerBatchRoutes(scope, {
      store: batchStore,
      queue,
      ledger,
      metering,
      browserAvailable: scraper.browserAvailable,
      pricePerPage: config.priceScrape,
      maxUrls: config.batchMaxUrls,
      maxActivePerAccount: config.batchMaxActivePerAccount,
      maxPageBytes: config.batchStatusPageBytes,
      publicUrl: config.publicUrl,
      now,
      events: batchEvents,
    });
  });
}

export const firecrawlFeature = (deps: FirecrawlFeatureDeps): Feature => ({
  name: 'compat-firecrawl',
  schemas: [...firecrawlSchemas, BatchBody, BatchStarted],
  // The model's failures answer as on the chat routes (in Firecrawl's shape), whether or not the chat feature is served.
  errorMappers: [extractionErrorMapper, chatErrorMapper],
  register: (context) => register(context, deps),
});
