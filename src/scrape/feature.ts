import type { CachedRunner } from '../cache/cached.js';
import { chatErrorMapper, type ChatService } from '../chat/index.js';
import type { Config } from '../config/index.js';
import type { Ledger, Metering } from '../credits/index.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Scraping } from '../deps.js';
import type { JobQueue } from '../jobs/index.js';
import type { Webhooks } from '../webhooks/index.js';
import type { Kysely } from 'kysely';
import type { Feature, FeatureContext } from '../feature.js';
import type { App } from '../http/server.js';
import { extractionErrorMapper } from '../extraction/index.js';
import { createChangeTrackingUseCase } from '../use-cases/change-tracking.js';
import { createBatchScrapeUseCase } from '../use-cases/batch-scrape.js';
import { createBatchEvents } from '../use-cases/batch-scrape-events.js';
import { BATCH_EXPIRY_SECONDS, createBatchRunner, type BatchJobData } from '../use-cases/batch-scrape-runner.js';
import { createPageTasksUseCase } from '../use-cases/page-tasks.js';
import { createScrapeUseCase, type ScrapeUseCase } from '../use-cases/scrape.js';
import { nativeBatchPageScraper, type NativeBatchResult } from './batch-page-scraper.js';
import { createBatchStore } from './batch-store.js';
import { scrapeErrorMapper } from './error-map.js';
import type { OffloadPool } from './offload/pool.js';
import { registerBatchRoutes } from './routes-batch.js';
import { registerScrapeRoutes } from './routes.js';
import { registerScreenshotRoutes } from './screenshots/routes.js';
import { createPageNotifier, type ScrapeListener } from './scraped-page.js';
import { scrapeSchemas } from './schemas.js';
import { createScrapeService } from './service.js';

export type { ScrapedPage, ScrapeListener } from './scraped-page.js';

type BatchSettings = 'batchMaxUrls' | 'batchMaxActivePerAccount' | 'batchJobConcurrency' | 'batchPageConcurrency' | 'batchStatusPageBytes';

/** The queue of native batch scrapes. */
export const BATCH_QUEUE = 'batch-scrape';

export interface ScrapeFeatureDeps {
  readonly metering: Metering;
  /** Holds of the page and of each model call of `summary` and `json_options` (src/use-cases/page-tasks.ts). */
  readonly ledger: Ledger;
  /** The process's chat models (src/deps.ts), for `summary` and `json_options`; undefined when none is configured (503). */
  readonly chat: ChatService | undefined;
  readonly cached: CachedRunner;
  /** Worker threads that read (parse, extract) pages off the event loop. */
  readonly offload: OffloadPool;
  /** The process's fetch engine, browser and scrape service (src/deps.ts). */
  readonly scraping: Scraping;
  /** The `changeTracking` format's snapshots (migration 0019) and batch scrapes' state (0021); batches run on the process's job queue. */
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  jobQueue(): Promise<JobQueue>;
  /** The app's webhook outbox: batches with a `webhook` send their events through it; absent, such a batch is refused. */
  readonly webhooks?: Webhooks;
  readonly config: Pick<
    Config,
    'chromiumPath' | 'priceScrape' | 'priceScrapeBrowser' | 'scrapeCacheTtl' | 'cacheHitCharge' | 'holdTtlSeconds' | 'publicUrl' | BatchSettings
  >;
  /**
   * Told about every fresh, successful scrape (2xx with content; not cache hits), after the
   * answer is on its way, instead of the process's index. Its errors are logged and never reach
   * the client. Default: the process's scrape service, which tells the index (`INDEX_SCRAPES`).
   */
  readonly onScraped?: ScrapeListener;
}

/**
 * `POST /api/v1/scrape/`: any URL to clean Markdown, text or JSON (or, through a chat model, a
 * summary or JSON extracted by schema), metered and cached, over the
 * process's fetch engine and (lazily launched) browser (src/deps.ts); without Chromium,
 * `render: "always"` answers 503 and `auto` stays with the fetched page. Pages are read (parsed,
 * extracted) in the app's worker pool (`offload`), never on the event loop.
 */
export function scrapeFeature(deps: ScrapeFeatureDeps): Feature {
  const { metering, ledger, chat, cached, db, offload, scraping, config, onScraped } = deps;
  return {
    name: 'scrape',
    schemas: scrapeSchemas,
    // The model's failures answer as on the chat routes, whether or not the chat feature is served.
    errorMappers: [scrapeErrorMapper, extractionErrorMapper, chatErrorMapper],
    async register({ app, log, now }) {
      const { fetchEngine, browserEngine } = scraping;
      if (!browserEngine.available) {
        const where = config.chromiumPath ?? '/usr/bin/chromium';
        // Chromium is optional: only a CHROMIUM_PATH that was set and does not work is a problem.
        log[config.chromiumPath ? 'warn' : 'info'](
          { chromiumPath: where },
          'no Chromium found: scrapes will not render JavaScript (render "always" answers 503)',
        );
      }
      const service =
        onScraped === undefined
          ? scraping.service
          : createScrapeService({
              fetchEngine,
              browserEngine,
              reader: offload,
              prices: { scrape: config.priceScrape, browser: config.priceScrapeBrowser },
              notify: createPageNotifier({
                listener: onScraped,
                onError: (error, page) => log.error({ err: error, url: page.finalUrl }, 'onScraped listener failed'),
              }),
              now,
            });
      const scrape = createScrapeUseCase({
        service,
        cached,
        cacheTtlSeconds: config.scrapeCacheTtl,
        cacheHitCharge: config.cacheHitCharge,
        now,
        screenshots: scraping.screenshots,
      });
      const pageTasks = createPageTasksUseCase({ chat, metering: { ledger, holdTtlSeconds: config.holdTtlSeconds } });
      const changes = createChangeTrackingUseCase({ db, now });
      registerScrapeRoutes(app, { scrape, metering, pageTasks, changes });
      registerScreenshotRoutes(app, scraping.screenshots);
      await registerBatch(app, deps, scrape, { log, now });
    },
  };
}

/** Native batch scrapes: their store, the job that runs them (on the process's queue) and their routes. */
async function registerBatch(app: App, deps: ScrapeFeatureDeps, scrape: ScrapeUseCase, context: Pick<FeatureContext, 'log' | 'now'>): Promise<void> {
  const { config } = deps;
  const store = createBatchStore<NativeBatchResult>(deps.db, deps.dialect, context.now);
  const queue = await deps.jobQueue();
  const events = deps.webhooks === undefined ? undefined : createBatchEvents<NativeBatchResult>(deps.webhooks);
  const runner = createBatchRunner({
    store,
    ledger: deps.ledger,
    scraper: nativeBatchPageScraper(scrape),
    holdTtlSeconds: config.holdTtlSeconds,
    pageConcurrency: config.batchPageConcurrency,
    log: context.log,
    ...(events === undefined ? {} : { events }),
  });
  await queue.work<BatchJobData>(
    BATCH_QUEUE,
    { concurrency: config.batchJobConcurrency, retryLimit: 2, expireInSeconds: BATCH_EXPIRY_SECONDS },
    (job, signal) => runner.run(job, signal),
  );
  const batches = createBatchScrapeUseCase<NativeBatchResult>({
    store,
    surface: 'native',
    enqueue: async (batchId) => {
      await queue.send<BatchJobData>(BATCH_QUEUE, { batchId });
    },
    ledger: deps.ledger,
    pricePerPage: config.priceScrape,
    maxUrls: config.batchMaxUrls,
    maxActivePerAccount: config.batchMaxActivePerAccount,
    maxPageBytes: config.batchStatusPageBytes,
    now: context.now,
    ...(events === undefined ? {} : { events }),
  });
  registerBatchRoutes(app, {
    batches,
    metering: deps.metering,
    browserAvailable: scrape.browserAvailable,
    maxUrls: config.batchMaxUrls,
    publicUrl: config.publicUrl,
  });
}
