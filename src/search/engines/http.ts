/**
 * The HTTP client every upstream adapter uses: one place that paces requests, sends a descriptive
 * User-Agent, enforces the adapter's timeout and a body size cap, and turns every failure into an
 * `EngineError` of the right kind, so an adapter only maps fields.
 */
import { EngineError } from '../engine.js';
import { looksLikeBlockPage, looksLikeHtml } from './block-page.js';
import type { RateLimiter } from './rate-limiter.js';

export interface UpstreamHttpOptions {
  /** Engine name, used in errors. */
  readonly engine: string;
  readonly userAgent: string;
  /** Deadline of one HTTP exchange (a paged search makes several). */
  readonly timeoutMs: number;
  readonly limiter?: RateLimiter;
  /**
   * Whether the upstream authenticates us with a key: a 401/403 then means the key was refused
   * (`unauthorized`); without a key it means we were turned away (`blocked`).
   */
  readonly keyed: boolean;
  /** Largest body read. Default 5 MiB. */
  readonly maxBodyBytes?: number;
}

export interface UpstreamRequest {
  readonly url: URL;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  /** An encoded body (JSON text or form data); its content type goes in `headers`. */
  readonly body?: string;
  readonly signal: AbortSignal;
  /**
   * An adapter's own reading of an error status (SearXNG's 403 for disabled JSON output);
   * returning undefined keeps the default mapping.
   */
  readonly explainStatus?: (status: number, body: string, headers: Headers) => EngineError | undefined;
}

export interface UpstreamResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly contentType: string;
  readonly body: string;
}

export interface UpstreamHttp {
  /** The response of a 2xx exchange; any other outcome rejects with an `EngineError`. */
  text(request: UpstreamRequest): Promise<UpstreamResponse>;
  /** The parsed JSON body of a 2xx exchange; HTML answers reject as `blocked` or `bad_response`. */
  json(request: UpstreamRequest): Promise<unknown>;
}

/** Seconds from a `Retry-After` header: delta-seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A short, single-line message an upstream put in its error body, if any. */
function upstreamMessage(body: string): string | undefined {
  let text: string | undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null) {
      const record = parsed as Record<string, unknown>;
      const nested = typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : undefined;
      const candidate = record.message ?? record.detail ?? nested?.detail ?? nested?.message ?? record.error;
      if (typeof candidate === 'string') text = candidate;
    }
  } catch {
    if (!/^\s*</.test(body)) text = body;
  }
  const line = text?.replace(/\s+/g, ' ').trim();
  return line === undefined || line === '' ? undefined : line.slice(0, 200);
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return typeof code === 'string' ? code : cause.message;
  }
  return error instanceof Error ? error.message : String(error);
}

async function readCapped(response: Response, maxBytes: number, engine: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new EngineError(engine, 'bad_response', `answer of ${declared} bytes exceeds the ${maxBytes}-byte limit`);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new EngineError(engine, 'bad_response', `answer exceeds the ${maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createUpstreamHttp(options: UpstreamHttpOptions): UpstreamHttp {
  const { engine } = options;
  const maxBodyBytes = options.maxBodyBytes ?? 5 * 1024 * 1024;

  function statusError(status: number, headers: Headers, body: string, contentType: string): EngineError {
    const said = upstreamMessage(body);
    const suffix = said === undefined ? '' : `: ${said}`;
    if (looksLikeHtml(body, contentType) && looksLikeBlockPage(body)) {
      return new EngineError(engine, 'blocked', `answered HTTP ${status} with a CAPTCHA or block page`);
    }
    if (status === 429) {
      const wait = retryAfterSeconds(headers.get('retry-after'));
      return new EngineError(engine, 'rate_limited', `rate limited (HTTP 429)${suffix}`, wait === undefined ? {} : { retryAfterSeconds: wait });
    }
    if (status === 401 || status === 403) {
      return options.keyed
        ? new EngineError(engine, 'unauthorized', `refused the API key (HTTP ${status})${suffix}`)
        : new EngineError(engine, 'blocked', `refused the request (HTTP ${status})${suffix}`);
    }
    if (status >= 500) return new EngineError(engine, 'upstream', `upstream error (HTTP ${status})${suffix}`);
    return new EngineError(engine, 'bad_response', `unexpected HTTP ${status}${suffix}`);
  }

  async function text(request: UpstreamRequest): Promise<UpstreamResponse> {
    const { signal } = request;
    await options.limiter?.acquire(engine, signal);
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const combined = AbortSignal.any([signal, deadline]);
    try {
      const response = await fetch(request.url, {
        method: request.method ?? 'GET',
        headers: { 'user-agent': options.userAgent, ...request.headers },
        ...(request.body === undefined ? {} : { body: request.body }),
        signal: combined,
        redirect: 'follow',
      });
      const body = await readCapped(response, maxBodyBytes, engine);
      const contentType = response.headers.get('content-type') ?? '';
      if (response.status < 200 || response.status > 299) {
        throw request.explainStatus?.(response.status, body, response.headers) ?? statusError(response.status, response.headers, body, contentType);
      }
      return { status: response.status, headers: response.headers, contentType, body };
    } catch (error) {
      if (error instanceof EngineError) throw error;
      if (signal.aborted) throw signal.reason;
      if (deadline.aborted) throw new EngineError(engine, 'timeout', `no answer within ${options.timeoutMs} ms`);
      throw new EngineError(engine, 'network', `network error: ${networkReason(error)}`, { cause: error });
    }
  }

  return {
    text,
    async json(request) {
      const response = await text({ ...request, headers: { accept: 'application/json', ...request.headers } });
      if (looksLikeHtml(response.body, response.contentType)) {
        throw looksLikeBlockPage(response.body)
          ? new EngineError(engine, 'blocked', 'answered with a CAPTCHA or block page instead of JSON')
          : new EngineError(engine, 'bad_response', 'answered with an HTML page instead of JSON');
      }
      try {
        return JSON.parse(response.body) as unknown;
      } catch (error) {
        throw new EngineError(engine, 'bad_response', 'answered with a body that is not valid JSON', { cause: error });
      }
    },
  };
}

/** For adapters that read XML or HTML themselves: a CAPTCHA or block page is `blocked`, never "no results". */
export function rejectBlockPage(engine: string, response: UpstreamResponse): void {
  if (looksLikeHtml(response.body, response.contentType) && looksLikeBlockPage(response.body)) {
    throw new EngineError(engine, 'blocked', 'answered with a CAPTCHA or block page');
  }
}
