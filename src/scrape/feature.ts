import type { Feature } from '../feature.js';
import { createBrowserEngine } from './browser/index.js';
import { browserEngineOptions, fetchEngineOptions } from './engine-options.js';
import { scrapeErrorMapper } from './error-map.js';
import { createFetchEngine } from './net/index.js';
import { registerScrapeRoutes } from './routes.js';
import { createPageNotifier, type ScrapeListener } from './scraped-page.js';
import { scrapeSchemas } from './schemas.js';
import { createScrapeService } from './service.js';

export type { ScrapedPage, ScrapeListener } from './scraped-page.js';

export interface ScrapeFeatureOptions {
  /**
   * Told about every fresh, successful scrape (2xx with content; not cache hits), after the
   * answer is on its way. Its errors are logged and never reach the client. Default: none.
   */
  readonly onScraped?: ScrapeListener;
}

/**
 * `POST /api/v1/scrape/`: any URL to clean Markdown, text or JSON, metered and cached. The
 * fetch engine and the (lazily launched) browser are made from the configuration here and
 * closed at shutdown; without Chromium, `render: "always"` answers 503 and `auto` stays
 * with the fetched page. Pages are read (parsed, extracted) in the app's worker pool
 * (`context.offload`), never on the event loop.
 */
export function createScrapeFeature(options: ScrapeFeatureOptions = {}): Feature {
  return {
    name: 'scrape',
    schemas: scrapeSchemas,
    errorMappers: [scrapeErrorMapper],
    register({ app, config, metering, cached, log, now, offload, onClose }) {
      const fetchEngine = createFetchEngine(fetchEngineOptions(config));
      onClose(() => fetchEngine.close());
      const browserEngine = createBrowserEngine(browserEngineOptions(config));
      onClose(() => browserEngine.close());
      if (!browserEngine.available) {
        const where = config.chromiumPath ?? '/usr/bin/chromium';
        // Chromium is optional: only a CHROMIUM_PATH that was set and does not work is a problem.
        log[config.chromiumPath ? 'warn' : 'info'](
          { chromiumPath: where },
          'no Chromium found: scrapes will not render JavaScript (render "always" answers 503)',
        );
      }

      const notify = createPageNotifier({
        listener: options.onScraped,
        onError: (error, page) => log.error({ err: error, url: page.finalUrl }, 'onScraped listener failed'),
      });
      const service = createScrapeService({
        fetchEngine,
        browserEngine,
        reader: offload,
        prices: { scrape: config.priceScrape, browser: config.priceScrapeBrowser },
        notify,
        now,
      });
      registerScrapeRoutes(app, {
        service,
        metering,
        cached,
        cacheTtlSeconds: config.scrapeCacheTtl,
        cacheHitCharge: config.cacheHitCharge,
      });
    },
  };
}

/** The scrape feature as the service runs it by default (no scrape listener). */
export const scrapeFeature: Feature = createScrapeFeature();
