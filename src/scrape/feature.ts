import type { Kysely } from 'kysely';
import type { CachedRunner } from '../cache/cached.js';
import { chatErrorMapper, type ChatService } from '../chat/index.js';
import type { Config } from '../config/index.js';
import type { Database } from '../db/schema.js';
import type { Ledger, Metering } from '../credits/index.js';
import type { Scraping } from '../deps.js';
import type { Feature } from '../feature.js';
import { extractionErrorMapper } from '../extraction/index.js';
import { createChangeTrackingUseCase } from '../use-cases/change-tracking.js';
import { createPageTasksUseCase } from '../use-cases/page-tasks.js';
import { createScrapeUseCase } from '../use-cases/scrape.js';
import { scrapeErrorMapper } from './error-map.js';
import type { OffloadPool } from './offload/pool.js';
import { registerScrapeRoutes } from './routes.js';
import { registerScreenshotRoutes } from './screenshots/routes.js';
import { createPageNotifier, type ScrapeListener } from './scraped-page.js';
import { scrapeSchemas } from './schemas.js';
import { createScrapeService } from './service.js';

export type { ScrapedPage, ScrapeListener } from './scraped-page.js';

export interface ScrapeFeatureDeps {
  readonly metering: Metering;
  /** Holds of the page and of each model call of `summary` and `json_options` (src/use-cases/page-tasks.ts). */
  readonly ledger: Ledger;
  /** The process's chat models (src/deps.ts), for `summary` and `json_options`; undefined when none is configured (503). */
  readonly chat: ChatService | undefined;
  readonly cached: CachedRunner;
  /** The `changeTracking` format keeps each account's snapshots of the pages it tracks here (migration 0019). */
  readonly db: Kysely<Database>;
  /** Worker threads that read (parse, extract) pages off the event loop. */
  readonly offload: OffloadPool;
  /** The process's fetch engine, browser and scrape service (src/deps.ts). */
  readonly scraping: Scraping;
  readonly config: Pick<Config, 'chromiumPath' | 'priceScrape' | 'priceScrapeBrowser' | 'scrapeCacheTtl' | 'cacheHitCharge' | 'holdTtlSeconds'>;
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
    register({ app, log, now }) {
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
    },
  };
}
