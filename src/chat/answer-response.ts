/**
 * An answer from the web as an OpenAI chat completion, with Perplexity's fields beside the
 * choices: `citations` (the sources' URLs, `[n]` in the text being `citations[n-1]`) and
 * `search_results` (each source as the search found it). Streamed, both ride on the first chunk
 * and on the last one.
 */
import type { Answer, AnswerSource } from '../use-cases/answer.js';
import { chunkBuilder, type CompletionMeta } from './response.js';
import type { ChatCompletionChunk, ChatCompletionResponse } from './schemas.js';

type SourceFields = Required<Pick<ChatCompletionResponse, 'citations' | 'search_results'>>;

/** `citations[n-1]` is source n: the sources are numbered 1..k without gaps (src/use-cases/answer.ts). */
export function sourceFields(sources: readonly AnswerSource[]): SourceFields {
  const ordered = [...sources].sort((a, b) => a.n - b.n);
  return {
    citations: ordered.map((source) => source.url),
    search_results: ordered.map((source) => ({ title: source.title, url: source.url, date: source.date ?? null, snippet: source.snippet })),
  };
}

/** The usage of an answer: its model tokens, and the credits of the whole answer (search, pages and tokens). */
function usageOf(answer: Answer): ChatCompletionResponse['usage'] {
  const { prompt_tokens, completion_tokens, credits_used, credits_remaining } = answer.usage;
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens, credits_used, credits_remaining };
}

/** The use case reports no finish reason: a completion that used its whole budget was cut short. */
export function finishReasonOf(answer: Answer, maxTokens: number): string {
  return answer.usage.completion_tokens >= maxTokens ? 'length' : 'stop';
}

export function answerCompletionBody(meta: CompletionMeta, answer: Answer, maxTokens: number): ChatCompletionResponse {
  return {
    id: meta.id,
    object: 'chat.completion',
    model: meta.model,
    created: meta.created,
    choices: [{ index: 0, message: { role: 'assistant', content: answer.answer }, finish_reason: finishReasonOf(answer, maxTokens) }],
    usage: usageOf(answer),
    ...sourceFields(answer.sources),
  };
}

/** The chunks of a streamed answer; with `usageField`, a last `choices: []` chunk carries the usage (OpenAI's `include_usage`). */
export function answerChunks(meta: CompletionMeta, sources: readonly AnswerSource[], usageField: boolean) {
  const chunks = chunkBuilder(meta, usageField);
  const fields = sourceFields(sources);
  return {
    first: (): ChatCompletionChunk => ({ ...chunks.role(), ...fields }),
    content: (text: string) => chunks.content(text),
    last: (finishReason: string): ChatCompletionChunk => ({ ...chunks.finish(finishReason), ...fields }),
    usage: (answer: Answer): ChatCompletionChunk => ({ ...chunks.finish('stop'), choices: [], usage: usageOf(answer) }),
  };
}
