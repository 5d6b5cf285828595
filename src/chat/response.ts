import { randomUUID } from 'node:crypto';
import { UpstreamError } from './errors.js';
import type { ChatCompletionChunk, ChatCompletionResponse } from './schemas.js';
import type { UpstreamToolCall, UpstreamToolCallDelta } from './wire.js';

/** What a chat call is charged: token counts, where they came from, and the credits. */
export interface ChatCharge {
  promptTokens: number;
  completionTokens: number;
  credits: number;
  /** `upstream` when the upstream reported usage; `local` when we counted ourselves. */
  usageSource: 'upstream' | 'local';
}

/** What the ledger actually did with a charge. */
export interface SettledCredits {
  creditsUsed: number;
  creditsRemaining: number;
}

/** The identity shared by a response and by every chunk of a stream. */
export interface CompletionMeta {
  id: string;
  created: number;
  model: string;
}

export function newCompletionMeta(model: string, now: number = Date.now()): CompletionMeta {
  return { id: `chatcmpl-${randomUUID().replaceAll('-', '')}`, created: Math.floor(now / 1000), model };
}

export function usageBody(charge: ChatCharge, settled: SettledCredits): ChatCompletionResponse['usage'] {
  return {
    prompt_tokens: charge.promptTokens,
    completion_tokens: charge.completionTokens,
    total_tokens: charge.promptTokens + charge.completionTokens,
    credits_used: settled.creditsUsed,
    credits_remaining: settled.creditsRemaining,
  };
}

/** Quarry's chat completion (contract: Chat completion response). */
export function completionBody(
  meta: CompletionMeta,
  answer: { content: string; finishReason: string; toolCalls?: UpstreamToolCall[] },
  charge: ChatCharge,
  settled: SettledCredits,
): ChatCompletionResponse {
  // An answer made of tool calls carries `content: null`, as OpenAI's does, unless the model also wrote text.
  const message: ChatCompletionResponse['choices'][number]['message'] =
    answer.toolCalls === undefined
      ? { role: 'assistant', content: answer.content }
      : { role: 'assistant', content: answer.content === '' ? null : answer.content, tool_calls: answer.toolCalls };
  return {
    id: meta.id,
    object: 'chat.completion',
    model: meta.model,
    created: meta.created,
    choices: [{ index: 0, message, finish_reason: answer.finishReason }],
    usage: usageBody(charge, settled),
  };
}

/**
 * Builds the `chat.completion.chunk`s of one stream. With `usageField`, every chunk carries
 * `usage: null` and the last one the usage, as OpenAI does under `include_usage`.
 */
export function chunkBuilder(meta: CompletionMeta, usageField: boolean) {
  const base = (delta: ChatCompletionChunk['choices'][number]['delta'], finishReason: string | null): ChatCompletionChunk => ({
    id: meta.id,
    object: 'chat.completion.chunk',
    model: meta.model,
    created: meta.created,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...(usageField ? { usage: null } : {}),
  });
  return {
    role: () => base({ role: 'assistant', content: '' }, null),
    content: (text: string) => base({ content: text }, null),
    /** The upstream's tool-call pieces, relayed as they came (same indexes, ids, names and argument text). */
    toolCalls: (pieces: UpstreamToolCallDelta[]) => base({ tool_calls: pieces }, null),
    finish: (finishReason: string) => base({}, finishReason),
    usage: (charge: ChatCharge, settled: SettledCredits): ChatCompletionChunk => ({
      ...base({}, null),
      choices: [],
      usage: usageBody(charge, settled),
    }),
  };
}

/** The SSE `data` terminating a stream, as OpenAI sends it. */
export const SSE_DONE = '[DONE]';

/**
 * An error event in OpenAI's streamed shape (`data.error`, which SDKs raise on). Only our
 * own safe messages go out: an `UpstreamError`'s, or the generic server-failure text.
 */
export function errorEventData(error: unknown): string {
  const body =
    error instanceof UpstreamError
      ? { message: error.message, type: 'upstream_error', param: null, code: error.kind }
      : { message: 'Something went wrong', type: 'server_error', param: null, code: null };
  return JSON.stringify({ error: body });
}
