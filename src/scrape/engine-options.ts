import type { Config } from '../config/index.js';
import type { BrowserEngineOptions } from './browser/index.js';
import type { FetchEngineOptions } from './net/index.js';

/** The configuration keys the scrape engines read. */
export type ScrapeEngineConfig = Pick<
  Config,
  | 'scrapeAllowedHosts'
  | 'scrapeProxyUrl'
  | 'scrapeTimeoutMs'
  | 'scrapeMaxBytes'
  | 'scrapeMaxRedirects'
  | 'scrapeHostConcurrency'
  | 'chromiumPath'
  | 'browserContexts'
  | 'browserIdleCapMs'
>;

/** The fetch engine's per-phase caps; one not shorter than the whole fetch's is left to the total deadline. */
const CONNECT_TIMEOUT_MS = 10_000;
const PHASE_TIMEOUT_MS = 15_000;

export function fetchEngineOptions(config: ScrapeEngineConfig): FetchEngineOptions {
  return {
    allowedHosts: config.scrapeAllowedHosts,
    ...(config.scrapeProxyUrl === undefined ? {} : { proxyUrl: config.scrapeProxyUrl }),
    totalTimeoutMs: config.scrapeTimeoutMs,
    connectTimeoutMs: Math.min(CONNECT_TIMEOUT_MS, config.scrapeTimeoutMs),
    headersTimeoutMs: PHASE_TIMEOUT_MS,
    bodyTimeoutMs: PHASE_TIMEOUT_MS,
    maxBodyBytes: config.scrapeMaxBytes,
    maxRedirects: config.scrapeMaxRedirects,
    maxConcurrentPerHost: config.scrapeHostConcurrency,
  };
}

export function browserEngineOptions(config: ScrapeEngineConfig): BrowserEngineOptions {
  return {
    ...(config.chromiumPath === undefined ? {} : { executablePath: config.chromiumPath }),
    allowedHosts: config.scrapeAllowedHosts,
    maxContexts: config.browserContexts,
    navigationTimeoutMs: config.scrapeTimeoutMs,
    networkIdleCapMs: config.browserIdleCapMs,
  };
}
