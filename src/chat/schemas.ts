import { Type, type Static } from '@sinclair/typebox';

import { CHAT_LIMITS } from './limits.js';

export { CHAT_LIMITS } from './limits.js';
export { OpenAIChatRequestBody } from './openai-request-schema.js';

export const ChatRole = Type.Union([Type.Literal('system'), Type.Literal('user'), Type.Literal('assistant')]);
export type ChatRole = Static<typeof ChatRole>;

export const ChatMessage = Type.Object(
  {
    role: ChatRole,
    content: Type.String({ minLength: 1, maxLength: CHAT_LIMITS.maxContentChars }),
  },
  { additionalProperties: false },
);
export type ChatMessage = Static<typeof ChatMessage>;

const Temperature = Type.Number({
  minimum: CHAT_LIMITS.minTemperature,
  maximum: CHAT_LIMITS.maxTemperature,
});
const MaxTokens = Type.Integer({ minimum: CHAT_LIMITS.minMaxTokens, maximum: CHAT_LIMITS.maxMaxTokens });

/**
 * Body of `POST /api/v1/chat/`. Unknown fields (here and in messages) are refused with a 400
 * naming them, so a client sending `tools` or `top_p` learns that this route does not honour them.
 * Defaults are declared for Ajv's `useDefaults`; `prepare` applies them too, so the
 * service does not depend on the validator having filled them in.
 */
export const ChatRequestBody = Type.Object(
  {
    messages: Type.Array(ChatMessage, { minItems: CHAT_LIMITS.minMessages, maxItems: CHAT_LIMITS.maxMessages }),
    temperature: Type.Optional({ ...Temperature, default: CHAT_LIMITS.defaultTemperature }),
    max_tokens: Type.Optional({ ...MaxTokens, default: CHAT_LIMITS.defaultMaxTokens }),
    stream: Type.Optional(Type.Boolean({ default: false })),
  },
  {
    additionalProperties: false,
    $id: 'ChatRequest',
    description: 'A conversation to complete; `stream: true` answers with Server-Sent Events. Unknown fields are refused (400).',
  },
);
export type ChatRequestBody = Static<typeof ChatRequestBody>;

export const FinishReason = Type.String({ description: 'stop | length | tool_calls | content_filter | …, as the upstream said' });

/** A tool call of a whole answer, as the upstream made it. */
const ToolCall = Type.Object({
  id: Type.String(),
  type: Type.Literal('function'),
  function: Type.Object({ name: Type.String(), arguments: Type.String({ description: 'JSON text, as the model wrote it' }) }),
});

/** A piece of a streamed tool call: the first piece of a call has its id and name, the next ones more `arguments`. */
const ToolCallDelta = Type.Object({
  index: Type.Integer(),
  id: Type.Optional(Type.String()),
  type: Type.Optional(Type.Literal('function')),
  function: Type.Optional(Type.Object({ name: Type.Optional(Type.String()), arguments: Type.Optional(Type.String()) })),
});

/**
 * The sources of an answer from the web (`model: "quarry-answer"`), as Perplexity gives them: the
 * URLs, where `[n]` in the text is `citations[n-1]`, and each page as the search found it.
 */
const AnswerCitations = Type.Array(Type.String(), {
  description: '`quarry-answer` only: the URL of each source given to the model; `[n]` in the answer is `citations[n-1]`',
});
const SearchResults = Type.Array(
  Type.Object({
    title: Type.String(),
    url: Type.String(),
    date: Type.Union([Type.String(), Type.Null()], { description: 'as the search engine showed it, when it did' }),
    snippet: Type.String(),
  }),
  { description: '`quarry-answer` only: the sources in the order of `citations`, as the search found them' },
);
const AnswerSourceFields = { citations: Type.Optional(AnswerCitations), search_results: Type.Optional(SearchResults) };

/** Quarry's chat completion (contract: Chat completion response). Also the alias's non-streamed answer. */
export const ChatCompletionResponse = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('chat.completion'),
    model: Type.String(),
    created: Type.Integer(),
    choices: Type.Array(
      Type.Object({
        index: Type.Integer(),
        message: Type.Object({
          role: Type.Literal('assistant'),
          content: Type.Union([Type.String(), Type.Null()], { description: 'Text; `null` only when the answer is tool calls (OpenAI-compatible route)' }),
          tool_calls: Type.Optional(Type.Array(ToolCall, { description: 'The functions the model calls (OpenAI-compatible route, with `tools`)' })),
        }),
        finish_reason: FinishReason,
      }),
    ),
    usage: Type.Object({
      prompt_tokens: Type.Integer(),
      completion_tokens: Type.Integer(),
      total_tokens: Type.Integer(),
      credits_used: Type.Number(),
      credits_remaining: Type.Number(),
    }),
    ...AnswerSourceFields,
  },
  { $id: 'ChatCompletion', description: 'A chat completion with its token usage and the credits it cost.' },
);
export type ChatCompletionResponse = Static<typeof ChatCompletionResponse>;

/** One streamed `chat.completion.chunk` (sent as SSE by hand, so not a route response schema). */
export const ChatCompletionChunk = Type.Object({
  id: Type.String(),
  object: Type.Literal('chat.completion.chunk'),
  model: Type.String(),
  created: Type.Integer(),
  choices: Type.Array(
    Type.Object({
      index: Type.Integer(),
      delta: Type.Object({
        role: Type.Optional(Type.Literal('assistant')),
        content: Type.Optional(Type.String()),
        tool_calls: Type.Optional(Type.Array(ToolCallDelta)),
      }),
      finish_reason: Type.Union([FinishReason, Type.Null()]),
    }),
  ),
  usage: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Object({
        prompt_tokens: Type.Integer(),
        completion_tokens: Type.Integer(),
        total_tokens: Type.Integer(),
        credits_used: Type.Number(),
        credits_remaining: Type.Number(),
      }),
    ]),
  ),
  ...AnswerSourceFields,
});
export type ChatCompletionChunk = Static<typeof ChatCompletionChunk>;

/** One entry of OpenAI's model list. */
export const ChatModel = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('model'),
    created: Type.Integer({ description: 'Unix seconds' }),
    owned_by: Type.String(),
  },
  { $id: 'ChatModel', description: 'A chat model clients may name (OpenAI model object).' },
);
export type ChatModel = Static<typeof ChatModel>;

/** `GET /api/v1/models`, in OpenAI's list format. */
export const ChatModelList = Type.Object(
  { object: Type.Literal('list'), data: Type.Array(Type.Ref(ChatModel)) },
  { $id: 'ChatModelList', description: 'The chat models this service offers (OpenAI list format).' },
);
export type ChatModelList = Static<typeof ChatModelList>;
