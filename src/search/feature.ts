/**
 * The search feature: the combined endpoint and the eight vertical endpoints, over a router whose
 * engines are Quarry's own index ("local") and the configured upstream engines. It also owns the
 * index's intake from scrapes: `createSearchFeatures()` pairs it with a scrape feature whose
 * successful pages go into the same app's index (`INDEX_SCRAPES`).
 */
import type { Config } from '../config/index.js';
import type { Feature, FeatureContext } from '../feature.js';
import type { App } from '../http/server.js';
import { createIndexer, type Indexer } from '../local-index/indexer.js';
import { createLocalEngine } from '../local-index/local-engine.js';
import { createIndexStore } from '../local-index/store.js';
import { createScrapeFeature, type ScrapedPage } from '../scrape/feature.js';
import { blendFromConfig, chainsFromConfig } from './chains.js';
import type { SearchEngine } from './engine.js';
import { registerEngineHealthRoute, registerEngineMetrics } from './engines/health.js';
import { buildUpstreamEngines } from './engines/registry.js';
import { searchErrorMapper } from './error-map.js';
import { createSearchRouter } from './router.js';
import { registerCombinedSearchRoute } from './routes-combined.js';
import { registerVerticalSearchRoutes } from './routes-vertical.js';
import { createSearchService } from './search-service.js';

function registerSearch(context: FeatureContext, upstreamEngines: (config: Config) => SearchEngine[]): Indexer | undefined {
  const { app, config, db, dialect, log, now, metering, cached, auth, metrics, offload } = context;
  const store = createIndexStore(db, dialect);
  const engines = [createLocalEngine(store), ...upstreamEngines(config)];
  const router = createSearchRouter({
    engines,
    chains: chainsFromConfig(config),
    blend: blendFromConfig(config),
    engineTimeoutMs: config.searchEngineTimeoutMs,
    clock: { now: () => now().getTime() },
  });
  const service = createSearchService({
    router,
    queryLog: store,
    onLogError: (error) => log.error({ err: error }, 'search query could not be counted for autocomplete'),
    now,
  });
  const deps = {
    service,
    metering,
    cached,
    cacheTtlSeconds: config.searchCacheTtl,
    cacheHitCharge: config.cacheHitCharge,
    priceCall: config.priceSearchCall,
    priceSource: config.priceSearchSource,
  };
  registerCombinedSearchRoute(app, deps);
  registerVerticalSearchRoutes(app, deps);
  registerEngineHealthRoute(app, { router, auth, engines });
  registerEngineMetrics(metrics, router);
  return config.indexScrapes ? createIndexer({ store, now, readPage: offload.readPage }) : undefined;
}

/** Stores a scraped HTML page in the index (PDF, text and XML scrapes carry no HTML and are left out). */
async function indexScrape(indexer: Indexer | undefined, page: ScrapedPage): Promise<void> {
  if (indexer === undefined || page.html === undefined) return;
  await indexer.indexHtml(page.html, page.finalUrl, 'scrape');
}

export interface SearchFeatureOptions {
  /** The engines besides the local index, from the configuration. Default: `buildUpstreamEngines`. */
  readonly upstreamEngines?: (config: Config) => SearchEngine[];
}

export interface SearchFeatures {
  /** The search endpoints. */
  readonly search: Feature;
  /** The scrape feature, telling the search index of the same app about every successful scrape. */
  readonly scrape: Feature;
}

/**
 * The search feature and a scrape feature wired to it. One pair serves any number of apps (tests
 * run several in one process): each app's scrapes go to that app's own index.
 */
export function createSearchFeatures(options: SearchFeatureOptions = {}): SearchFeatures {
  const upstreamEngines = options.upstreamEngines ?? buildUpstreamEngines;
  const indexers = new WeakMap<App, Indexer>();
  const search: Feature = {
    name: 'search',
    errorMappers: [searchErrorMapper],
    register(context) {
      const indexer = registerSearch(context, upstreamEngines);
      if (indexer !== undefined) indexers.set(context.app, indexer);
    },
  };
  const plainScrape = createScrapeFeature();
  const scrape: Feature = {
    ...plainScrape,
    register(context) {
      return createScrapeFeature({ onScraped: (page) => indexScrape(indexers.get(context.app), page) }).register(context);
    },
  };
  return { search, scrape };
}

/** The search endpoints alone (no scrape intake), for apps and tests that do not scrape. */
export const searchFeature: Feature = createSearchFeatures().search;
