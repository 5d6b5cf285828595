/**
 * The search feature: the combined endpoint and the eight vertical endpoints, over a router whose
 * engines are Quarry's own index ("local") and the configured upstream engines. It also owns the
 * index's intake from scrapes: `createSearchFeatures()` pairs it with a scrape feature whose
 * successful pages go into the same app's index (`INDEX_SCRAPES`, see local-index/scrape-intake.ts).
 */
import type { Config } from '../config/index.js';
import type { Feature, FeatureContext } from '../feature.js';
import { createIndexer } from '../local-index/indexer.js';
import { createLocalEngine } from '../local-index/local-engine.js';
import { fetchEngineOptions } from '../scrape/engine-options.js';
import { createScrapeFeature, type ScrapeListener } from '../scrape/feature.js';
import { createFetchEngine } from '../scrape/net/index.js';
import { createScrapeIntake } from '../local-index/scrape-intake.js';
import { blendFromConfig, chainsFromConfig } from './chains.js';
import type { SearchEngine } from './engine.js';
import { registerEngineHealthRoute, registerEngineMetrics } from './engines/health.js';
import { buildUpstreamEngines } from './engines/registry.js';
import { searchErrorMapper } from './error-map.js';
import { createSearchRouter } from './router.js';
import { registerCombinedSearchRoute } from './routes-combined.js';
import { registerVerticalSearchRoutes } from './routes-vertical.js';
import { createSearchService } from './search-service.js';
import { createAppIndexStore } from './app-index-store.js';

function registerSearch(context: FeatureContext, upstreamEngines: (config: Config) => SearchEngine[]): ScrapeListener | undefined {
  const { app, config, log, now, metering, cached, auth, metrics, offload } = context;
  const store = createAppIndexStore(context);
  const engines = [createLocalEngine(store), ...upstreamEngines(config)];
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
  const service = createSearchService({
    router,
    queryLog: store,
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
  if (config.indexScrapes === 'off') return undefined;
  const indexer = createIndexer({ store, now, readPage: offload.readPage });
  if (config.indexScrapes === 'private') return createScrapeIntake({ mode: 'private', indexer, userAgent: config.crawlUserAgent });
  // Shared intake reads robots.txt through the same guarded fetch engine as the crawler.
  const fetchEngine = createFetchEngine({ ...fetchEngineOptions(config), userAgent: config.crawlUserAgent });
  context.onClose(() => fetchEngine.close());
  const robots = async (origin: string) => {
    const response = await fetchEngine.fetch(new URL('/robots.txt', origin));
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
 * The search feature and a scrape feature wired to it, for one app: the composition root makes a
 * pair per app (`defaultFeatures` in app.ts), so each app's scrapes go to its own index.
 */
export function createSearchFeatures(options: SearchFeatureOptions = {}): SearchFeatures {
  const upstreamEngines = options.upstreamEngines ?? buildUpstreamEngines;
  let intake: ScrapeListener | undefined;
  let registered = false;
  const search: Feature = {
    name: 'search',
    errorMappers: [searchErrorMapper],
    register(context) {
      if (registered) throw new Error('createSearchFeatures() makes the features of one app; call it again for another app.');
      registered = true;
      intake = registerSearch(context, upstreamEngines);
    },
  };
  const scrape = createScrapeFeature({ onScraped: (page) => intake?.(page) });
  return { search, scrape };
}
