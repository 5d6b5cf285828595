/**
 * The search feature: the combined endpoint and the eight vertical endpoints, over the process's
 * search router (Quarry's own index, "local", and the configured upstream engines; see
 * src/deps.ts), the engines' health route and metrics, and which verticals can answer. The index
 * hears of successful scrapes through the process's scrape service (`INDEX_SCRAPES`, see
 * local-index/scrape-intake.ts).
 */
import type { CachedRunner } from '../cache/cached.js';
import type { Config } from '../config/index.js';
import type { Metering } from '../credits/index.js';
import type { Searching } from '../deps.js';
import type { Feature } from '../feature.js';
import { registerEngineHealthRoute, registerEngineMetrics } from './engines/health.js';
import { searchErrorMapper } from './error-map.js';
import { registerCombinedSearchRoute } from './routes-combined.js';
import { registerVerticalReadinessRoute } from './routes-readiness.js';
import { registerVerticalSearchRoutes } from './routes-vertical.js';
import { createAutocompleteUseCase } from '../use-cases/autocomplete.js';
import { createCombinedSearchUseCase } from '../use-cases/combined-search.js';
import { createVerticalSearchUseCase } from '../use-cases/vertical-search.js';

export interface SearchFeatureDeps {
  readonly metering: Metering;
  readonly cached: CachedRunner;
  /** The process's search router, engines and search service (src/deps.ts). */
  readonly searching: Searching;
  readonly config: Pick<Config, 'searchCacheTtl' | 'cacheHitCharge' | 'priceSearchCall' | 'priceSearchSource'>;
}

export const searchFeature = ({ metering, cached, searching, config }: SearchFeatureDeps): Feature => ({
  name: 'search',
  errorMappers: [searchErrorMapper],
  register({ app, auth, metrics, now }) {
    const { router, engines, service } = searching;
    const common = { service, meter: metering.meter, cached, cacheTtlSeconds: config.searchCacheTtl, cacheHitCharge: config.cacheHitCharge };
    const oneSource = { ...common, priceCall: config.priceSearchCall };
    const deps = {
      metering,
      now,
      combined: createCombinedSearchUseCase({ ...common, priceSource: config.priceSearchSource }),
      vertical: createVerticalSearchUseCase(oneSource),
      autocomplete: createAutocompleteUseCase(oneSource),
    };
    registerCombinedSearchRoute(app, deps);
    registerVerticalSearchRoutes(app, deps);
    registerEngineHealthRoute(app, { router, auth, engines });
    registerVerticalReadinessRoute(app, { auth, service });
    registerEngineMetrics(metrics, router);
  },
});
