/**
 * The process's shared resources, built once by the composition root (src/app.ts) and handed to
 * the features that use them: one database, Redis, limiter and result cache; one fetch engine (so
 * `SCRAPE_HOST_CONCURRENCY` holds per process, for every surface and the crawler) and one browser
 * (`BROWSER_CONTEXTS` likewise); one worker pool; one chat service with its upstreams; one search router with its engines and circuit
 * breakers (`GET /api/v1/search/engines/` and the metrics see every surface's calls); one index
 * store; one scrape service; one durable job queue.
 */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { createCachedRunner, type CachedRunner } from './cache/cached.js';
import { createMemoryCache } from './cache/memory.js';
import { createRedisCache } from './cache/redis.js';
import type { ResultCache } from './cache/result-cache.js';
import { buildChatService } from './chat/build.js';
import type { ChatService } from './chat/index.js';
import type { Config } from './config/index.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createJobQueue, type JobQueue } from './jobs/index.js';
import { createIndexer } from './local-index/indexer.js';
import { createLocalEngine } from './local-index/local-engine.js';
import { createIndexPresence } from './local-index/presence.js';
import { createScrapeIntake } from './local-index/scrape-intake.js';
import { createIndexStore, type IndexStore } from './local-index/store.js';
import { openRedis, pingRedis } from './redis/client.js';
import { createBrowserEngine, type BrowserEngine } from './scrape/browser/index.js';
import { browserEngineOptions, fetchEngineOptions } from './scrape/engine-options.js';
import { createFetchEngine, type FetchEngine } from './scrape/net/index.js';
import { createOffloadPool, type OffloadPool } from './scrape/offload/pool.js';
import { createPageNotifier, type ScrapeListener } from './scrape/scraped-page.js';
import { createScrapeService, type ScrapeService } from './scrape/service.js';
import { createScreenshotStore, type ScreenshotStore } from './scrape/screenshots/index.js';
import { blendFromConfig, chainsFromConfig } from './search/chains.js';
import type { SearchEngine } from './search/engine.js';
import { buildUpstreamEngines } from './search/engines/registry.js';
import { createSearchRouter, type SearchRouter } from './search/router.js';
import { createSearchService, type SearchService } from './search/search-service.js';
import { createMemoryRateLimiter } from './throttle/memory.js';
import type { RateLimiter } from './throttle/rate-limiter.js';
import { createRedisRateLimiter } from './throttle/redis.js';

/** The page fetching and reading of the process, shared by Quarry's scrape, the Firecrawl surface and the crawlers. */
export interface Scraping {
  /** Fetches as a browser's first request would (scrapes, maps). */
  readonly fetchEngine: FetchEngine;
  /** The same engine (and per-host limit) sending `CRAWL_USER_AGENT`: crawls and robots.txt. */
  readonly crawlFetchEngine: FetchEngine;
  /** The headless browser, launched on first use, at most `BROWSER_CONTEXTS` pages at once. */
  readonly browserEngine: BrowserEngine;
  /** Scrapes over the engines above; tells the index (`INDEX_SCRAPES`) about each fresh page with content. */
  readonly service: ScrapeService;
  /** Scrapes' screenshots under expiring URLs (`SCREENSHOT_TTL`), in the result cache: every instance serves them with Redis. */
  readonly screenshots: ScreenshotStore;
}

/** Search of the process: the local index and the upstream engines behind one router. */
export interface Searching {
  /** The local index's engine and the upstream engines, as the router was built with them. */
  readonly engines: readonly SearchEngine[];
  /** Chains, blends, per-engine circuit breakers and health. */
  readonly router: SearchRouter;
  /** The local index and the autocomplete log. */
  readonly store: IndexStore;
  readonly service: SearchService;
}

export interface Deps {
  readonly database: DatabaseHandle;
  /** Open only when `REDIS_URL` is set. */
  readonly redis: Redis | undefined;
  /** Throttles, in memory or Redis. */
  readonly limiter: RateLimiter;
  readonly resultCache: ResultCache;
  /** Result caching with coalescing over `resultCache`. */
  readonly cached: CachedRunner;
  /** Worker threads for parsing and reading untrusted pages (started on first use). */
  readonly offload: OffloadPool;
  readonly scraping: Scraping;
  readonly searching: Searching;
  /**
   * The chat models and their upstreams, shared by chat completions and every feature that asks a
   * model (answers, JSON extraction, summaries); undefined when no model is configured.
   */
  readonly chat: ChatService | undefined;
  /** What `/readyz` checks, by name: the database, and Redis when there is one. Each throws when unreachable. */
  readonly readiness: Readonly<Record<string, () => Promise<void>>>;
  /** The durable job queue (pg-boss on PostgreSQL, in process on SQLite), made on first use: a server without crawls never starts one. */
  jobQueue(): Promise<JobQueue>;
  /** Stops the job queue, closes the engines and the pool, writes the counted searches, then closes the caches, Redis and the database. */
  close(): Promise<void>;
}

export interface DepsOptions {
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
}

export async function buildDeps(config: Config, options: DepsOptions): Promise<Deps> {
  const { log, now } = options;
  const database = openDatabase({
    url: config.databaseUrl,
    sqliteFile: join(config.dataDir, 'quarry.db'),
    poolSize: config.databasePoolSize,
    backgroundCheckpoints: true,
  });
  await migrateToLatest(database);
  const { db, dialect } = database;
  // Several instances share throttles and cached results through Redis; one instance keeps them in memory.
  // (ioredis is loaded only then.) While Redis is down, throttled calls answer 503 and the cache misses.
  const redis = config.redisUrl ? await openRedis(config.redisUrl, log) : undefined;
  const limiter = redis ? createRedisRateLimiter(redis, `${config.redisKeyPrefix}throttle:`) : createMemoryRateLimiter();
  const resultCache = redis ? createRedisCache(redis, `${config.redisKeyPrefix}cache:`) : createMemoryCache(config.cacheMaxBytes);
  // Threads start with the first page read, not here: a server that never scrapes never pays for them.
  const offload = createOffloadPool();

  const fetchEngine = createFetchEngine(fetchEngineOptions(config));
  const crawlFetchEngine = fetchEngine.withUserAgent(config.crawlUserAgent);
  const browserEngine = createBrowserEngine(browserEngineOptions(config));

  const store = createIndexStore(db, dialect, {
    autocompleteMinAccounts: config.autocompleteMinAccounts,
    onQueryLogError: (error) => log.error({ err: error }, 'searches could not be counted for autocomplete'),
  });
  const upstreamEngines = buildUpstreamEngines(config);
  const engines = [createLocalEngine(store, createIndexPresence(db)), ...upstreamEngines];
  const router = createSearchRouter({
    engines,
    chains: chainsFromConfig(config),
    blend: blendFromConfig(config),
    engineTimeoutMs: config.searchEngineTimeoutMs,
    clock: { now: () => now().getTime() },
    // One warning per failed engine call, with its cause; engine messages carry no keys or addresses.
    onEngineFailure: (vertical, attempt) =>
      log.warn(
        { engine: attempt.engine, vertical, kind: attempt.kind, latencyMs: attempt.latencyMs, cause: causeOf(attempt.error) },
        `search engine ${attempt.engine} failed: ${attempt.message ?? 'no message'}`,
      ),
  });
  const searchService = createSearchService({ router, queryLog: store, now });

  const notify = createPageNotifier({
    listener: scrapeIntake(config, { store, now, offload, crawlFetchEngine }),
    onError: (error, page) => log.error({ err: error, url: page.finalUrl }, 'onScraped listener failed'),
  });
  const scrapeService = createScrapeService({
    fetchEngine,
    browserEngine,
    reader: offload,
    prices: { scrape: config.priceScrape, browser: config.priceScrapeBrowser },
    notify,
    now,
  });

  const chat = await buildChatService(config, log);

  let queue: Promise<JobQueue> | undefined;
  const jobQueue = () => (queue ??= createJobQueue({ dialect, db, databaseUrl: config.databaseUrl, log, now }));

  return {
    database,
    redis,
    limiter,
    resultCache,
    cached: createCachedRunner(resultCache),
    offload,
    scraping: {
      fetchEngine,
      crawlFetchEngine,
      browserEngine,
      service: scrapeService,
      screenshots: createScreenshotStore({ cache: resultCache, ttlSeconds: config.screenshotTtl, publicUrl: config.publicUrl, now }),
    },
    searching: { engines, router, store, service: searchService },
    chat: chat?.service,
    readiness: {
      database: () => sql`select 1`.execute(db).then(() => undefined),
      ...(redis ? { redis: () => pingRedis(redis) } : {}),
    },
    jobQueue,
    async close() {
      const problem = (what: string) => (error: unknown) => log.error({ err: error }, `${what} failed at shutdown`);
      // Running jobs stop before the engines they fetch with close.
      if (queue !== undefined) await queue.then((started) => started.stop()).catch(problem('job queue stop'));
      await browserEngine.close().catch(problem('browser close'));
      await fetchEngine.close().catch(problem('fetch engine close'));
      await chat?.close().catch(problem('chat upstream close'));
      await store.flushQueryLog().catch(problem('search count flush'));
      await offload.close();
      await limiter.close();
      await resultCache.close();
      await redis?.quit().catch(() => undefined);
      await database.close();
    },
  };
}

/** What the index hears of fresh scrapes (`INDEX_SCRAPES`); nothing when off. */
function scrapeIntake(
  config: Config,
  deps: { store: IndexStore; now: () => Date; offload: OffloadPool; crawlFetchEngine: FetchEngine },
): ScrapeListener | undefined {
  if (config.indexScrapes === 'off') return undefined;
  // Pages are untrusted: the index's reading of them runs in the worker pool, never on the event loop.
  const indexer = createIndexer({ store: deps.store, now: deps.now, readPage: deps.offload.readPage });
  if (config.indexScrapes === 'private') return createScrapeIntake({ mode: 'private', indexer, userAgent: config.crawlUserAgent });
  // Shared intake reads robots.txt through the same guarded fetch engine as the crawler.
  const robots = async (origin: string) => {
    const response = await deps.crawlFetchEngine.fetch(new URL('/robots.txt', origin));
    return { status: response.status, text: response.text ?? response.body.toString('utf8') };
  };
  return createScrapeIntake({ mode: 'shared', indexer, robots, userAgent: config.crawlUserAgent });
}

/** The message of what an engine error was caused by (a network error's code), for the log. */
function causeOf(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause === undefined) return undefined;
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
}
