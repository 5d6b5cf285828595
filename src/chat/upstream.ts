import { Pool, type Dispatcher } from 'undici';
import { ChatConfigError, UpstreamError, type UpstreamErrorKind } from './errors.js';
import { backoffDelayMs, retryAfterMs } from './retry.js';
import { isJsonResponse, readBody, readErrorBody } from './upstream-body.js';
import { createCallControl, isRetryableNetworkError, type CallControl } from './upstream-call.js';
import { parseSse } from './sse-parser.js';
import {
  errorCodeOf,
  parseUpstreamJson,
  readChunk,
  readCompletion,
  wholeAsDelta,
  type UpstreamCompletion,
  type UpstreamDelta,
  type UpstreamToolCall,
} from './wire.js';

export type { UpstreamCompletion, UpstreamDelta, UpstreamToolCall, UpstreamUsage } from './wire.js';

/** A part of a user message sent as parts (only when it holds an image: text alone is sent joined). */
export type UpstreamContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } };

/** `content` is `null` only on an assistant message made of tool calls. */
export interface UpstreamMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | UpstreamContentPart[] | null;
  name?: string;
  tool_calls?: UpstreamToolCall[];
  tool_call_id?: string;
  /** An assistant's earlier refusal, sent back as the client gave it. */
  refusal?: string;
}

export interface UpstreamTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean | null };
}

/**
 * What we ask the upstream for, in OpenAI wire names. `model`, `stream` and
 * `stream_options` are not here: the client always sets them itself.
 */
export interface UpstreamChatRequest {
  messages: UpstreamMessage[];
  temperature: number;
  max_tokens: number;
  top_p?: number;
  stop?: string | string[];
  presence_penalty?: number;
  frequency_penalty?: number;
  seed?: number;
  user?: string;
  response_format?: {
    type: 'text' | 'json_object' | 'json_schema';
    json_schema?: { name: string; description?: string; schema?: Record<string, unknown>; strict?: boolean | null };
  };
  tools?: UpstreamTool[];
  tool_choice?: 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } };
  parallel_tool_calls?: boolean;
  logit_bias?: Record<string, number>;
  safety_identifier?: string;
  prompt_cache_key?: string;
  reasoning_effort?: string;
  verbosity?: 'low' | 'medium' | 'high';
}

/**
 * An OpenAI-compatible chat upstream. Implementations must:
 * - send the configured model, never one taken from the request;
 * - retry only failures that carried no output (connection errors, 429, 5xx) and
 *   never after a 2xx response started;
 * - abort the upstream request as soon as `signal` aborts, and reject with
 *   `UpstreamError` of kind `aborted`;
 * - reject only with `UpstreamError`, whose message is safe to show to clients.
 */
export interface ChatUpstream {
  readonly model: string;
  /** One whole completion. */
  complete(request: UpstreamChatRequest, signal?: AbortSignal): Promise<UpstreamCompletion>;
  /**
   * The completion as it is generated. The request starts at the first `next()`. Ends after
   * the upstream's `[DONE]` (or a finish reason followed by end of body); a stream that stops
   * before either throws `unavailable`. Breaking out of the loop aborts the upstream request.
   */
  stream(request: UpstreamChatRequest, signal?: AbortSignal): AsyncIterable<UpstreamDelta>;
  /** Closes pooled connections (graceful shutdown). */
  close(): Promise<void>;
}

export interface ChatUpstreamOptions {
  /** Base URL of the OpenAI-compatible API including its version path, e.g. `https://openrouter.ai/api/v1`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set (Ollama and local vLLM need none). */
  apiKey?: string;
  /** The upstream model name (`CHAT_UPSTREAM_MODEL`). */
  model: string;
  /** Deadline for a whole call including retries and, when streaming, the whole stream. Default 120,000. */
  timeoutMs?: number;
  /**
   * Streamed calls only: deadline for the first SSE event. Default 30,000. Non-streamed calls
   * get no separate first-byte deadline because gateways send nothing until the whole answer exists.
   */
  firstByteTimeoutMs?: number;
  /** Retries after the first attempt, for failures without output. Default 2. */
  maxRetries?: number;
  /** First backoff step; doubles each retry, with jitter. Default 500. */
  retryBaseDelayMs?: number;
  /** Cap of one backoff step. Default 8,000. */
  retryMaxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the call fails at once. Default 20,000. */
  maxRetryAfterMs?: number;
  /** Pooled keep-alive connections to the upstream. Default 64. */
  connections?: number;
  /** Largest non-streamed body (or error body) we read. Default 4 MiB. */
  maxResponseBytes?: number;
  /** Extra request headers, e.g. OpenRouter's `HTTP-Referer` and `X-Title`. */
  headers?: Record<string, string>;
  /** Told of every failed attempt, once each (the operator's log); never of a call its caller cancelled. */
  onFailure?: (failure: UpstreamFailure) => void;
}

/** One failed attempt, as the operator needs it to diagnose the upstream. Never shown to clients. */
export interface UpstreamFailure {
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number;
  /** Where the request went: the completions URL, without credentials or query. */
  url: string;
  kind: UpstreamErrorKind;
  /** The upstream's HTTP status, when it answered. */
  status?: number;
  /** The first 500 bytes of the upstream's error body (our own key masked). */
  bodyExcerpt?: string;
  /** The network error's code, when the connection itself failed. */
  cause?: string;
  /** What to check, for failures that usually mean a setting is wrong. */
  hint?: string;
}

/** A 404 from an OpenAI-compatible API nearly always means the base URL lacks its version path. */
const NOT_FOUND_HINT = 'check that the upstream URL (CHAT_UPSTREAM_URL, or upstream_url in CHAT_MODELS_FILE) ends with its version path, e.g. /v1';

const DEFAULTS = {
  timeoutMs: 120_000,
  firstByteTimeoutMs: 30_000,
  maxRetries: 2,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  maxRetryAfterMs: 20_000,
  connections: 64,
  maxResponseBytes: 4 * 1024 * 1024,
} as const;

export function createChatUpstream(options: ChatUpstreamOptions): ChatUpstream {
  const settings = { ...DEFAULTS, ...withoutUndefined(options) };
  const base = parseBaseUrl(options.baseUrl);
  const completionsPath = `${base.pathname.replace(/\/+$/, '')}/chat/completions`;
  const shownUrl = `${base.origin}${completionsPath}`;
  // Each failure is reported once: where it happened, not again by the layers it passes through.
  const reported = new WeakSet<UpstreamError>();
  const report = (error: UpstreamError, attempt: number, details: Partial<UpstreamFailure> = {}): UpstreamError => {
    if (error.kind === 'aborted' || reported.has(error)) return error;
    reported.add(error);
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    options.onFailure?.({ attempt, url: shownUrl, kind: error.kind, ...(cause === undefined ? {} : { cause }), ...details });
    return error;
  };
  const masked = (text: string) => (settings.apiKey === undefined || settings.apiKey === '' ? text : text.replaceAll(settings.apiKey, '***'));
  const pool = new Pool(base.origin, {
    connections: settings.connections,
    pipelining: 1,
    keepAliveTimeout: 10_000,
    // Our own deadlines classify timeouts; these are only a backstop.
    headersTimeout: settings.timeoutMs + 1_000,
    bodyTimeout: settings.timeoutMs + 1_000,
  });

  function headersFor(stream: boolean): Record<string, string> {
    return {
      ...settings.headers,
      'content-type': 'application/json',
      accept: stream ? 'text/event-stream' : 'application/json',
      ...(settings.apiKey === undefined ? {} : { authorization: `Bearer ${settings.apiKey}` }),
    };
  }

  function bodyFor(request: UpstreamChatRequest, stream: boolean): string {
    return JSON.stringify({
      ...withoutUndefined(request),
      model: settings.model,
      stream,
      ...(stream ? { stream_options: { include_usage: true } } : {}),
    });
  }

  /**
   * Sends the request, retrying failures without output, until a 2xx response arrives.
   * `tries.attempt` counts the attempts made, for the failure reports.
   */
  async function open(request: UpstreamChatRequest, stream: boolean, call: CallControl, tries: { attempt: number }): Promise<Dispatcher.ResponseData> {
    const body = bodyFor(request, stream);
    const headers = headersFor(stream);
    for (let attempt = 0; ; attempt++) {
      tries.attempt = attempt + 1;
      const canRetry = attempt < settings.maxRetries;
      let response: Dispatcher.ResponseData;
      try {
        response = await pool.request({ method: 'POST', path: completionsPath, headers, body, signal: call.signal });
      } catch (error) {
        const failure = report(call.classify(error), tries.attempt);
        if (failure.kind === 'unavailable' && canRetry && isRetryableNetworkError(error)) {
          await call.wait(backoffDelayMs(attempt, backoffSettings()));
          continue;
        }
        throw failure;
      }
      const status = response.statusCode;
      if (status >= 200 && status < 300) return response;

      const errorBody = await readErrorBody(response.body);
      const upstreamCode = errorCodeOf(errorBody.payload);
      const seen = { status, bodyExcerpt: masked(errorBody.excerpt), ...(status === 404 ? { hint: NOT_FOUND_HINT } : {}) };
      if (status === 429 || status >= 500) {
        const askedWait = retryAfterMs(response.headers);
        const retryAfterSeconds = askedWait === undefined ? undefined : Math.ceil(askedWait / 1000);
        const failure = new UpstreamError(status === 429 ? 'rate_limited' : 'unavailable', { upstreamStatus: status, upstreamCode, retryAfterSeconds });
        report(failure, tries.attempt, seen);
        const wait = askedWait ?? backoffDelayMs(attempt, backoffSettings());
        if (canRetry && wait <= settings.maxRetryAfterMs && call.fitsBeforeDeadline(wait)) {
          await call.wait(wait);
          continue;
        }
        throw failure;
      }
      throw report(new UpstreamError('rejected', { upstreamStatus: status, upstreamCode }), tries.attempt, seen);
    }
  }

  function backoffSettings() {
    return { baseDelayMs: settings.retryBaseDelayMs, maxDelayMs: settings.retryMaxDelayMs };
  }

  return {
    model: settings.model,

    async complete(request, signal) {
      const call = createCallControl(signal, settings.timeoutMs, undefined);
      const tries = { attempt: 0 };
      try {
        const response = await open(request, false, call, tries);
        const text = await readBody(response.body, settings.maxResponseBytes);
        return readCompletion(parseUpstreamJson(text));
      } catch (error) {
        throw report(call.classify(error), tries.attempt);
      } finally {
        call.dispose();
      }
    },

    async *stream(request, signal) {
      const call = createCallControl(signal, settings.timeoutMs, settings.firstByteTimeoutMs);
      let finishedCleanly = false;
      let response: Dispatcher.ResponseData | undefined;
      const tries = { attempt: 0 };
      try {
        response = await open(request, true, call, tries);
        if (isJsonResponse(response.headers)) {
          // Some gateways ignore `stream: true` and answer in one piece; pass it on as one delta.
          const whole = readCompletion(parseUpstreamJson(await readBody(response.body, settings.maxResponseBytes)));
          call.firstByteArrived();
          finishedCleanly = true;
          yield wholeAsDelta(whole);
          return;
        }
        let sawFinish = false;
        for await (const event of parseSse(response.body)) {
          call.firstByteArrived();
          if (event.data.startsWith('[DONE]')) {
            finishedCleanly = true;
            break;
          }
          const delta = readChunk(parseUpstreamJson(event.data));
          if (delta === undefined) continue;
          if (delta.finishReason !== undefined) sawFinish = true;
          yield delta;
        }
        if (!finishedCleanly && !sawFinish) throw new UpstreamError('unavailable');
        finishedCleanly = true;
      } catch (error) {
        throw report(call.classify(error), tries.attempt);
      } finally {
        // Broken off by the consumer or by a failure: drop the upstream request now, so the
        // gateway stops generating (and billing) tokens nobody will read.
        if (!finishedCleanly) call.cancel();
        response?.body.destroy();
        call.dispose();
      }
    },

    async close() {
      await pool.close();
    },
  };
}

function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ChatConfigError('The chat upstream base URL is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ChatConfigError('The chat upstream base URL must be http or https.');
  }
  if (url.username !== '' || url.password !== '') {
    throw new ChatConfigError('Put the chat upstream credentials in the API key option, not in the base URL.');
  }
  return url;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}
