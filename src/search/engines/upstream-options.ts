/** What every upstream adapter is built from; the composition root fills it from `Config`. */
import { createUpstreamHttp, type UpstreamHttp } from './http.js';
import { createRateLimiter, type RateLimit } from './rate-limiter.js';

export interface UpstreamEngineOptions {
  /** Base URL of the upstream API; undefined leaves an engine that needs one unconfigured. */
  readonly baseUrl?: string;
  /** The upstream's key, for engines that take one. */
  readonly apiKey?: string;
  /** Sent as the User-Agent of every request (see `quarryUserAgent`). */
  readonly userAgent: string;
  /** Contact address for upstreams that want one in the request (Crossref's `mailto`). */
  readonly contactEmail?: string;
  /** Deadline of one HTTP exchange. Default 8 000 ms. */
  readonly timeoutMs?: number;
  /** Requests allowed per period; default: the upstream's published policy (see each adapter). */
  readonly rate?: RateLimit;
  /** Longest a request waits for its rate-limit turn before the engine reports `rate_limited`. Default 5 000 ms. */
  readonly maxQueueMs?: number;
  /**
   * For keyless public services: false leaves the engine unconfigured (the operator turned the
   * public services off, or a test run must not reach the internet). Default true.
   */
  readonly enabled?: boolean;
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 8_000;

/**
 * A User-Agent that names Quarry and how to reach its operator, as Nominatim's, Wikimedia's and
 * Crossref's usage policies ask.
 */
export function quarryUserAgent(contactEmail?: string): string {
  const contact = contactEmail === undefined || contactEmail.trim() === '' ? '' : `; contact: ${contactEmail.trim()}`;
  return `Quarry/1.0 (self-hosted web-data gateway${contact})`;
}

/** Joins a base URL and a path without losing the base's own path (`http://h/serper` + `/search`). */
export function endpoint(baseUrl: string, path: string): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return new URL(path.replace(/^\/+/, ''), base);
}

/** The HTTP client of one adapter: its limiter (the upstream's policy unless overridden), timeout and User-Agent. */
export function upstreamHttpFor(engine: string, options: UpstreamEngineOptions, defaults: { readonly rate: RateLimit; readonly keyed: boolean }): UpstreamHttp {
  const rate = options.rate ?? defaults.rate;
  return createUpstreamHttp({
    engine,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    keyed: defaults.keyed,
    limiter: createRateLimiter({ ...rate, ...(options.maxQueueMs === undefined ? {} : { maxWaitMs: options.maxQueueMs }) }),
  });
}
