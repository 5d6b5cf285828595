/** The scraper's network layer: what the scrape route, crawler and composition root import. */
export { classifyAddress, isBlockedAddress, isIpLiteral, type AddressRange, type BlockedRange } from './address.js';
export { ScrapeNetworkError, isScrapeNetworkError, type ScrapeNetworkErrorCode } from './errors.js';
export {
  createFetchEngine,
  type FetchEngine,
  type FetchEngineOptions,
  type FetchOptions,
  type FetchedResponse,
  type PostOptions,
  type PostedResponse,
} from './fetch-engine.js';
export { createTargetGuard, systemResolver, type HostResolver, type ResolvedAddress, type TargetGuard } from './target-guard.js';
export { parseTargetUrl } from './url-policy.js';
export { DEFAULT_USER_AGENT } from './browser-headers.js';
