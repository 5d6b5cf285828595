import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { SUPPORTED_ACCEPT_ENCODING, formatBytes, readBody } from './body-reader.js';
import { browserNavigationHeaders, DEFAULT_USER_AGENT } from './browser-headers.js';
import { decodeText, isTextual, parseContentType } from './charset.js';
import { ScrapeNetworkError } from './errors.js';
import { toScrapeNetworkError } from './error-mapping.js';
import { createGuardedNetwork } from './guarded-network.js';
import { createHostLimiter } from './host-limiter.js';
import { createRetryPolicy, type RetryPolicyOptions } from './retry-policy.js';
import { createTargetGuard, type HostResolver } from './target-guard.js';
import { hostKeyOfUrl, parseTargetUrl } from './url-policy.js';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface FetchEngineOptions {
  /** Name resolution used for the address checks. Default: the system resolver. */
  resolver?: HostResolver;
  /** `host:port` pairs exempt from the address checks (`SCRAPE_ALLOWED_HOSTS`). Default: none. */
  allowedHosts?: readonly string[];
  /** Outbound proxy; see `GuardedNetworkOptions.proxyUrl` for what is still checked. Default: none. */
  proxyUrl?: string;
  /** Redirect hops followed before `too_many_redirects`. Default 10. */
  maxRedirects?: number;
  /** Cap on the whole fetch: every hop, retry wait and body. Default 30 000 ms. */
  totalTimeoutMs?: number;
  /** Per-address connect timeout (TCP + TLS). Default 10 000 ms. */
  connectTimeoutMs?: number;
  /** Time to the response headers after the request is sent. Default 15 000 ms. */
  headersTimeoutMs?: number;
  /** Longest silence between body chunks. Default 15 000 ms. */
  bodyTimeoutMs?: number;
  /** Cap on the decoded (decompressed) body. Default 10 MiB. */
  maxBodyBytes?: number;
  /** Requests in flight per target host:port; more wait in a queue. Default 4. */
  maxConcurrentPerHost?: number;
  /** Retries on 429/503. Defaults: 2 retries, 500 ms base backoff, Retry-After honoured up to 10 s. */
  retry?: RetryPolicyOptions;
  /** Default: a current desktop Chrome user agent. */
  userAgent?: string;
  /** Default `en-US,en;q=0.9`. */
  acceptLanguage?: string;
}

export interface FetchOptions {
  /** Cancels the fetch; it then rejects with code `aborted`. */
  signal?: AbortSignal;
  /** Extra request headers, overriding the browser-like defaults (names are case-insensitive). */
  headers?: Record<string, string>;
}

export interface PostOptions {
  /** Request headers (names are case-insensitive); only a user agent is added. */
  headers?: Record<string, string>;
  /** Cap on the whole request, below the engine's own. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What a POST answered: its status alone (the body is read, up to a little, and dropped). */
export interface PostedResponse {
  status: number;
  timingMs: number;
}

export interface FetchedResponse {
  /** The URL as asked for, normalised by the URL parser. */
  requestedUrl: string;
  /** The URL that produced the final response, after redirects. */
  finalUrl: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Declared MIME type without parameters (e.g. `text/html`), or undefined when the target sent none. */
  contentType: string | undefined;
  /** WHATWG name of the encoding `text` was decoded with; undefined for binary bodies. */
  charset: string | undefined;
  /** Decoded (decompressed) body bytes. */
  body: Buffer;
  /** The body as Unicode text, when the content is textual. */
  text?: string;
  /** URLs that answered with a redirect, in the order they were visited. */
  redirects: string[];
  /** How many 429/503 retries were made before the final response. */
  fromRetry: number;
  /** Wall time of the whole fetch, retries and redirects included. */
  timingMs: number;
}

/**
 * Fetches public web pages as a browser's first request would, refusing
 * non-public targets at every hop. Implementations must reject only with
 * ScrapeNetworkError for target-side and policy failures; any other rejection
 * is a bug.
 */
export interface FetchEngine {
  fetch(url: string | URL, options?: FetchOptions): Promise<FetchedResponse>;
  /**
   * The same engine (address checks, connections, per-host limit) sending another user agent,
   * e.g. the crawler's. Closing the engine closes it; its own `close` does nothing.
   */
  withUserAgent(userAgent: string): FetchEngine;
  /**
   * POSTs `body` once through the same address checks and per-host limit (webhook deliveries).
   * Never retried, and a redirect is the answer itself: a POST is not repeated elsewhere.
   */
  post(url: string | URL, body: string, options?: PostOptions): Promise<PostedResponse>;
  close(): Promise<void>;
}

type Attempt =
  | { kind: 'redirect'; location: string }
  | { kind: 'retry'; delayMs: number }
  | { kind: 'final'; status: number; headers: Record<string, string>; body: Buffer };

export function createFetchEngine(options: FetchEngineOptions = {}): FetchEngine {
  const maxRedirects = options.maxRedirects ?? 10;
  const totalTimeoutMs = options.totalTimeoutMs ?? 30_000;
  const headersTimeoutMs = phaseTimeout(options.headersTimeoutMs ?? 15_000, totalTimeoutMs);
  const bodyTimeoutMs = phaseTimeout(options.bodyTimeoutMs ?? 15_000, totalTimeoutMs);
  const maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const guard = createTargetGuard({ resolver: options.resolver, allowedHosts: options.allowedHosts ?? [] });
  const network = createGuardedNetwork({ guard, proxyUrl: options.proxyUrl, connectTimeoutMs: options.connectTimeoutMs });
  const limiter = createHostLimiter(options.maxConcurrentPerHost ?? 4);
  const retryPolicy = createRetryPolicy(options.retry);
  const headersFor = (userAgent: string) =>
    browserNavigationHeaders({
      userAgent,
      acceptLanguage: options.acceptLanguage ?? 'en-US,en;q=0.9',
      acceptEncoding: SUPPORTED_ACCEPT_ENCODING,
    });

  async function requestOnce(url: URL, headers: Record<string, string>, retriesSoFar: number, signal: AbortSignal, deadline: number): Promise<Attempt> {
    const response = await network.dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers,
      signal,
      headersTimeout: headersTimeoutMs,
      bodyTimeout: bodyTimeoutMs,
    });
    const responseHeaders = flattenHeaders(response.headers);
    const status = response.statusCode;

    const location = responseHeaders.location;
    if (REDIRECT_STATUSES.has(status) && location !== undefined) {
      await discard(response.body);
      return { kind: 'redirect', location };
    }

    const now = Date.now();
    const delayMs = retryPolicy.delayBeforeRetry({ status, retryAfter: responseHeaders['retry-after'], retriesSoFar, now });
    if (delayMs !== undefined && now + delayMs < deadline) {
      await discard(response.body);
      return { kind: 'retry', delayMs };
    }

    const declaredLength = Number(responseHeaders['content-length']);
    if (responseHeaders['content-encoding'] === undefined && declaredLength > maxBodyBytes) {
      response.body.destroy();
      throw new ScrapeNetworkError('too_large', `The response is larger than ${formatBytes(maxBodyBytes)} (${url.host}).`);
    }
    const body = await readBody(response.body, responseHeaders['content-encoding'], maxBodyBytes, url.host);
    return { kind: 'final', status, headers: responseHeaders, body };
  }

  async function fetchPage(defaultHeaders: Record<string, string>, input: string | URL, fetchOptions: FetchOptions = {}): Promise<FetchedResponse> {
    const started = performance.now();
    const requested = parseTargetUrl(input);
    const deadline = Date.now() + totalTimeoutMs;
    const timeoutSignal = AbortSignal.timeout(totalTimeoutMs);
    const signal = fetchOptions.signal ? AbortSignal.any([fetchOptions.signal, timeoutSignal]) : timeoutSignal;
    const headers = { ...defaultHeaders, ...lowerCaseKeys(fetchOptions.headers ?? {}) };

    let current = requested;
    const redirects: string[] = [];
    const visited = new Set([withoutHash(requested)]);
    let retries = 0;
    try {
      for (;;) {
        await network.admit(current);
        const target = current;
        const attempt = await limiter.run(hostKeyOfUrl(target), () => requestOnce(target, headers, retries, signal, deadline), signal);

        if (attempt.kind === 'retry') {
          retries++;
          await sleep(attempt.delayMs, undefined, { signal });
          continue;
        }
        if (attempt.kind === 'redirect') {
          redirects.push(current.href);
          current = nextHop(current, attempt.location, visited, maxRedirects, redirects.length);
          continue;
        }

        const contentType = parseContentType(attempt.headers['content-type']);
        const decoded = isTextual(contentType?.mimeType, attempt.body) ? decodeText(attempt.body, contentType?.charset) : undefined;
        return {
          requestedUrl: requested.href,
          finalUrl: current.href,
          status: attempt.status,
          headers: attempt.headers,
          contentType: contentType?.mimeType,
          charset: decoded?.charset,
          body: attempt.body,
          ...(decoded ? { text: decoded.text } : {}),
          redirects,
          fromRetry: retries,
          timingMs: Math.round(performance.now() - started),
        };
      }
    } catch (error) {
      if (error instanceof ScrapeNetworkError) throw error;
      if (fetchOptions.signal?.aborted) {
        throw new ScrapeNetworkError('aborted', `The request was cancelled (${current.host}).`);
      }
      if (timeoutSignal.aborted) {
        throw new ScrapeNetworkError('timeout', `The target did not answer within ${totalTimeoutMs / 1000} s (${current.host}).`);
      }
      throw toScrapeNetworkError(error, current.host);
    }
  }

  async function postOnce(userAgent: string, input: string | URL, body: string, postOptions: PostOptions = {}): Promise<PostedResponse> {
    const started = performance.now();
    const target = parseTargetUrl(input);
    const timeoutMs = Math.min(postOptions.timeoutMs ?? totalTimeoutMs, totalTimeoutMs);
    const timeoutSignal = AbortSignal.timeout(timeoutMs);
    const signal = postOptions.signal ? AbortSignal.any([postOptions.signal, timeoutSignal]) : timeoutSignal;
    const headers = { 'user-agent': userAgent, ...lowerCaseKeys(postOptions.headers ?? {}) };
    try {
      await network.admit(target);
      const response = await limiter.run(
        hostKeyOfUrl(target),
        () =>
          network.dispatcher.request({
            origin: target.origin,
            path: `${target.pathname}${target.search}`,
            method: 'POST',
            headers,
            body,
            signal,
            headersTimeout: phaseTimeout(headersTimeoutMs, timeoutMs),
            bodyTimeout: phaseTimeout(bodyTimeoutMs, timeoutMs),
          }),
        signal,
      );
      await discard(response.body);
      return { status: response.statusCode, timingMs: Math.round(performance.now() - started) };
    } catch (error) {
      if (error instanceof ScrapeNetworkError) throw error;
      if (postOptions.signal?.aborted) throw new ScrapeNetworkError('aborted', `The request was cancelled (${target.host}).`);
      if (timeoutSignal.aborted) throw new ScrapeNetworkError('timeout', `The target did not answer within ${timeoutMs / 1000} s (${target.host}).`);
      throw toScrapeNetworkError(error, target.host);
    }
  }

  function sending(userAgent: string, close: () => Promise<void>): FetchEngine {
    const defaultHeaders = headersFor(userAgent);
    return {
      fetch: (input, fetchOptions) => fetchPage(defaultHeaders, input, fetchOptions),
      post: (input, body, postOptions) => postOnce(userAgent, input, body, postOptions),
      withUserAgent: (other) => sending(other, async () => undefined),
      close,
    };
  }

  return sending(options.userAgent ?? DEFAULT_USER_AGENT, () => network.close());
}

/**
 * A phase timeout that is not shorter than the whole fetch's is switched off (undici reads 0 as
 * "none"): the total deadline already covers it, and two timers due at the same moment race, so
 * the caller would sometimes read undici's phase error instead of the deadline's message.
 */
function phaseTimeout(phaseMs: number, totalMs: number): number {
  return phaseMs < totalMs ? phaseMs : 0;
}

function nextHop(current: URL, location: string, visited: Set<string>, maxRedirects: number, hops: number): URL {
  let resolved: URL;
  try {
    resolved = new URL(location, current);
  } catch {
    throw new ScrapeNetworkError('bad_response', `The target redirected to an invalid URL (${current.host}).`);
  }
  const next = parseTargetUrl(resolved);
  const key = withoutHash(next);
  if (visited.has(key)) {
    throw new ScrapeNetworkError('too_many_redirects', `The target redirects in a loop (${current.host}).`);
  }
  if (hops > maxRedirects) {
    throw new ScrapeNetworkError('too_many_redirects', `The target redirected more than ${maxRedirects} times (${current.host}).`);
  }
  visited.add(key);
  return next;
}

function withoutHash(url: URL): string {
  const copy = new URL(url);
  copy.hash = '';
  return copy.href;
}

function flattenHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Drains a body we do not need so the connection can be reused; failures here do not matter. */
async function discard(body: Dispatcher.ResponseData['body']): Promise<void> {
  try {
    await body.dump({ limit: 64 * 1024 });
  } catch {
    // The connection is closed instead of reused; the response we acted on is unaffected.
  }
}
