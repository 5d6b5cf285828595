/** The engine-independent search core: what the HTTP routes and the engine adapters import. */
export { VERTICALS, DEDICATED_VERTICALS, isVertical, type Vertical, type ItemVertical, type DedicatedVertical } from './verticals.js';
export { systemClock, type Clock } from './clock.js';
export * from './query.js';
export { foldedWords } from './query-match.js';
export * from './tbs.js';
export * from './relative-time.js';
export * from './shapes.js';
export * from './requests.js';
export * from './countries.js';
export * from './engine.js';
export * from './errors.js';
export { DEFAULT_BREAKER_OPTIONS, type BreakerOptions, type BreakerStatus } from './breaker.js';
export { urlKey } from './url-key.js';
export { reciprocalRankFusion, RRF_K } from './fusion.js';
export { createSearchRouter, type SearchRouter, type SearchRouterOptions, type RouterSearchRequest, type SearchOutcome, type EngineHealth } from './router.js';
export type { CombinedSearchResponse } from './combined-shape.js';
export { itemDocument } from './item-view.js';
export type { SearchService } from './search-service.js';
