import { UpstreamError } from './errors.js';

/** Token usage as an OpenAI-compatible upstream reports it. */
export interface UpstreamUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** A function call of a whole answer. */
export interface UpstreamToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/**
 * A piece of a streamed function call, as OpenAI streams them: the first piece of call `index`
 * carries its `id`, `type` and `function.name`, the next ones further text of `function.arguments`.
 */
export interface UpstreamToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

/** A whole (non-streamed) answer. `content` is `''` when the upstream sent `null`. */
export interface UpstreamCompletion {
  content: string;
  finishReason: string;
  usage?: UpstreamUsage;
  /** Present when the model called tools (then `content` is often `''`). */
  toolCalls?: UpstreamToolCall[];
}

/** One streamed piece; a piece carries at least one of the four. */
export interface UpstreamDelta {
  content?: string;
  toolCalls?: UpstreamToolCallDelta[];
  finishReason?: string;
  usage?: UpstreamUsage;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses JSON from the upstream; anything unreadable is the upstream's fault (`unavailable`). */
export function parseUpstreamJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError('unavailable');
  }
}

/** Usage only when both counts are whole numbers; a half-filled usage is treated as none. */
export function readUsage(value: unknown): UpstreamUsage | undefined {
  if (!isObject(value)) return undefined;
  const { prompt_tokens: prompt, completion_tokens: completion } = value;
  if (!isTokenCount(prompt) || !isTokenCount(completion)) return undefined;
  return { prompt_tokens: prompt, completion_tokens: completion };
}

function isTokenCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** A plain identifier from the upstream (finish reason, error code) is safe to pass on; prose is not. */
export function safeIdentifier(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value : undefined;
}

/** The `error.code` (or `error.type`) of an OpenAI-style error body, when it is an identifier. */
export function errorCodeOf(payload: unknown): string | undefined {
  if (!isObject(payload) || !isObject(payload.error)) return undefined;
  return safeIdentifier(payload.error.code) ?? safeIdentifier(payload.error.type);
}

export function hasError(payload: unknown): boolean {
  return isObject(payload) && payload.error !== undefined && payload.error !== null;
}

/** Reads a `chat.completion` body; throws `unavailable` if it is not one. */
export function readCompletion(payload: unknown): UpstreamCompletion {
  if (!isObject(payload) || hasError(payload) || !Array.isArray(payload.choices)) {
    throw new UpstreamError('unavailable', { upstreamCode: errorCodeOf(payload) });
  }
  const choice: unknown = payload.choices[0];
  if (!isObject(choice) || !isObject(choice.message)) throw new UpstreamError('unavailable');
  const content = choice.message.content;
  if (content !== null && content !== undefined && typeof content !== 'string') {
    throw new UpstreamError('unavailable');
  }
  const usage = readUsage(payload.usage);
  const toolCalls = readToolCalls(choice.message.tool_calls);
  return {
    content: content ?? '',
    finishReason: safeIdentifier(choice.finish_reason) ?? 'stop',
    ...(usage === undefined ? {} : { usage }),
    ...(toolCalls === undefined ? {} : { toolCalls }),
  };
}

/**
 * The tool calls of a whole answer, kept to the fields of OpenAI's wire format (what the client's
 * SDK reads). Anything else than a list of well-formed function calls is the upstream's fault.
 */
function readToolCalls(value: unknown): UpstreamToolCall[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new UpstreamError('unavailable');
  if (value.length === 0) return undefined;
  return value.map((call: unknown) => {
    if (!isObject(call) || typeof call.id !== 'string' || !isObject(call.function)) throw new UpstreamError('unavailable');
    const { name, arguments: args } = call.function;
    if (typeof name !== 'string' || (args !== undefined && typeof args !== 'string')) throw new UpstreamError('unavailable');
    return { id: call.id, type: 'function', function: { name, arguments: args ?? '' } };
  });
}

/** Streamed pieces of tool calls, each kept to OpenAI's fields, in the order the upstream sent them. */
function readToolCallDeltas(value: unknown): UpstreamToolCallDelta[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.map((piece: unknown) => {
    if (!isObject(piece) || !isTokenCount(piece.index)) throw new UpstreamError('unavailable');
    const out: UpstreamToolCallDelta = { index: piece.index };
    if (typeof piece.id === 'string') out.id = piece.id;
    if (piece.type === 'function') out.type = 'function';
    if (isObject(piece.function)) {
      const fn: NonNullable<UpstreamToolCallDelta['function']> = {};
      if (typeof piece.function.name === 'string') fn.name = piece.function.name;
      if (typeof piece.function.arguments === 'string') fn.arguments = piece.function.arguments;
      out.function = fn;
    }
    return out;
  });
}

/** A whole answer as one streamed piece (for gateways that answer `stream: true` in one body). */
export function wholeAsDelta(whole: UpstreamCompletion): UpstreamDelta {
  return {
    content: whole.content,
    finishReason: whole.finishReason,
    ...(whole.usage ? { usage: whole.usage } : {}),
    ...(whole.toolCalls ? { toolCalls: whole.toolCalls.map((call, index) => ({ index, ...call })) } : {}),
  };
}

/**
 * Reads one `chat.completion.chunk`. Returns undefined for chunks that carry nothing we
 * use (the role-only first chunk, keep-alive objects some gateways send).
 * Throws `unavailable` for an error event.
 */
export function readChunk(payload: unknown): UpstreamDelta | undefined {
  if (!isObject(payload)) throw new UpstreamError('unavailable');
  if (hasError(payload)) throw new UpstreamError('unavailable', { upstreamCode: errorCodeOf(payload) });

  const delta: UpstreamDelta = {};
  const choice: unknown = Array.isArray(payload.choices) ? payload.choices[0] : undefined;
  if (isObject(choice)) {
    if (isObject(choice.delta) && typeof choice.delta.content === 'string' && choice.delta.content !== '') {
      delta.content = choice.delta.content;
    }
    const toolCalls = isObject(choice.delta) ? readToolCallDeltas(choice.delta.tool_calls) : undefined;
    if (toolCalls !== undefined) delta.toolCalls = toolCalls;
    const finishReason = safeIdentifier(choice.finish_reason);
    if (finishReason !== undefined) delta.finishReason = finishReason;
  }
  const usage = readUsage(payload.usage);
  if (usage !== undefined) delta.usage = usage;

  const empty = delta.content === undefined && delta.toolCalls === undefined && delta.finishReason === undefined && delta.usage === undefined;
  return empty ? undefined : delta;
}
