/**
 * An OpenAI Chat Completions body naming the answer model (`quarry-answer`) read as a question to
 * answer from the web: the question is the last user message's text. Fields asking for what an
 * answer cannot be (tools, another response format, several choices, log probabilities…) are
 * refused with a 400 naming them; the sampling fields (`temperature`, `top_p`, `seed`, `stop`…)
 * are accepted and left to Quarry's answer prompt, which asks for the model's most likely reading.
 */
import { ANSWER_LIMITS } from '../answer/index.js';
import { BLANK_MESSAGE, resolveCombinedRequest, searchFieldErrors } from '../search/index.js';
import type { AnswerInput } from '../use-cases/answer.js';
import { refuseDeclaredButRefused } from './openai-request.js';
import type { OpenAIChatRequestBody } from './openai-request-schema.js';
import { refuseField } from './refusal.js';

/** The longest question, as `POST /api/v1/answer`'s `query`. */
export const MAX_QUESTION_CHARS = 2048;

export interface AnswerCompletionRequest {
  readonly input: AnswerInput;
  readonly stream: boolean;
  /** Whether a stream ends with a `choices: []` usage chunk (`stream_options.include_usage`), as on every model. */
  readonly streamUsage: boolean;
}

/** Fields an answer cannot honour, with why (any value but "not given" is refused). */
const NOT_FOR_ANSWERS: Record<string, { harmless?: (value: unknown) => boolean; why: string }> = {
  tools: { harmless: (value) => Array.isArray(value) && value.length === 0, why: 'The answer model calls no tools: it searches the web itself.' },
  tool_choice: { harmless: (value) => value === 'none', why: 'The answer model calls no tools.' },
  parallel_tool_calls: { why: 'The answer model calls no tools.' },
  response_format: {
    harmless: (value) => typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'text',
    why: 'An answer is Markdown text citing its sources by [n]; use a chat model for JSON output.',
  },
  web_search_options: { why: 'The answer model reads the top pages of a web search; its search options are not offered.' },
};

export function readAnswerRequest(body: OpenAIChatRequestBody): AnswerCompletionRequest {
  for (const [name, rule] of Object.entries(NOT_FOR_ANSWERS)) {
    const value: unknown = (body as Record<string, unknown>)[name];
    if (value !== undefined && value !== null && rule.harmless?.(value) !== true) throw refuseField([name], rule.why);
  }
  refuseDeclaredButRefused(body);
  const question = questionOf(body);
  return {
    input: {
      question,
      sources: ['web'],
      search: resolveCombinedRequest({ query: question, sources: ['web'] }).search,
      pages: ANSWER_LIMITS.defaultPages,
      maxTokens: body.max_completion_tokens ?? body.max_tokens ?? undefined,
    },
    stream: body.stream === true,
    streamUsage: body.stream_options?.include_usage === true,
  };
}

/** The text of the last user message: what is asked. Earlier messages are not read. */
function questionOf(body: OpenAIChatRequestBody): string {
  const index = body.messages.findLastIndex((message) => message.role === 'user');
  if (index === -1) throw refuseField(['messages'], 'The answer model answers the last user message: the conversation has none.');
  const { content } = body.messages[index]!;
  const at = ['messages', index, 'content'];
  let text = '';
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    content.forEach((part, partIndex) => {
      if (part.type !== 'text') throw refuseField([...at, partIndex], `The answer model reads text only; a part of type "${part.type}" cannot be asked.`);
      text += (text === '' ? '' : '\n') + (part.text ?? '');
    });
  }
  const question = text.trim();
  if (question === '') throw refuseField(at, BLANK_MESSAGE);
  if ([...question].length > MAX_QUESTION_CHARS) throw refuseField(at, `The question may have no more than ${MAX_QUESTION_CHARS} characters.`);
  // The question is also the search query: what the search refuses (too many words, operators) is refused here, on the message.
  const problem = searchFieldErrors({}, { field: 'q', text: question }).q?.[0];
  if (problem !== undefined) throw refuseField(at, problem);
  return question;
}
