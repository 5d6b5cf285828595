import { Type, type Static } from '@sinclair/typebox';

/** Limits from the contract (Limits section). */
export const CHAT_LIMITS = {
  minMessages: 1,
  maxMessages: 100,
  maxContentChars: 50_000,
  minTemperature: 0,
  maxTemperature: 2,
  defaultTemperature: 0.7,
  minMaxTokens: 1,
  maxMaxTokens: 16_384,
  defaultMaxTokens: 4096,
} as const;

export const ChatRole = Type.Union([Type.Literal('system'), Type.Literal('user'), Type.Literal('assistant')]);
export type ChatRole = Static<typeof ChatRole>;

export const ChatMessage = Type.Object({
  role: ChatRole,
  content: Type.String({ minLength: 1, maxLength: CHAT_LIMITS.maxContentChars }),
});
export type ChatMessage = Static<typeof ChatMessage>;

const Temperature = Type.Number({
  minimum: CHAT_LIMITS.minTemperature,
  maximum: CHAT_LIMITS.maxTemperature,
});
const MaxTokens = Type.Integer({ minimum: CHAT_LIMITS.minMaxTokens, maximum: CHAT_LIMITS.maxMaxTokens });

/**
 * Body of `POST /api/v1/chat/`. Unknown fields are ignored (not rejected), as DRF does.
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
  { $id: 'ChatRequest', description: 'A conversation to complete; `stream: true` answers with Server-Sent Events.' },
);
export type ChatRequestBody = Static<typeof ChatRequestBody>;

// OpenAI clients send `null` for "not given" more often than one would like.
const Nullable = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/** A text part of OpenAI's array form of `content`; other part types are refused. */
export const OpenAITextPart = Type.Object({
  type: Type.Literal('text'),
  text: Type.String({ maxLength: CHAT_LIMITS.maxContentChars }),
});

/**
 * A message of the OpenAI-compatible alias. `developer` is OpenAI's newer name for
 * `system` and is sent upstream as `system`; `tool`/`function` roles are refused because
 * Quarry does not proxy tool calls. `content` may be a string or text parts; the joined
 * text obeys the same 50,000-character limit (checked by `prepareOpenAI`).
 */
export const OpenAIChatMessage = Type.Object({
  role: Type.Union([Type.Literal('system'), Type.Literal('developer'), Type.Literal('user'), Type.Literal('assistant')]),
  content: Type.Union([
    Type.String({ maxLength: CHAT_LIMITS.maxContentChars }),
    Type.Array(OpenAITextPart, { minItems: 1, maxItems: CHAT_LIMITS.maxMessages }),
  ]),
  name: Type.Optional(Type.String({ maxLength: 64 })),
});
export type OpenAIChatMessage = Static<typeof OpenAIChatMessage>;

/**
 * Body of `POST /api/v1/chat/completions`, the OpenAI Chat Completions request.
 * `model` is accepted and ignored: the upstream always gets the configured model.
 * `max_completion_tokens` wins over `max_tokens` when both are given. `n` may only be 1.
 * Unknown fields (tools, logprobs, …) are ignored, not rejected.
 */
export const OpenAIChatRequestBody = Type.Object(
  {
    model: Type.Optional(Type.String({ maxLength: 256 })),
    messages: Type.Array(OpenAIChatMessage, { minItems: CHAT_LIMITS.minMessages, maxItems: CHAT_LIMITS.maxMessages }),
    temperature: Nullable(Temperature),
    max_tokens: Nullable(MaxTokens),
    max_completion_tokens: Nullable(MaxTokens),
    stream: Nullable(Type.Boolean()),
    stream_options: Nullable(Type.Object({ include_usage: Type.Optional(Type.Boolean()) })),
    top_p: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
    stop: Nullable(Type.Union([Type.String({ maxLength: 256 }), Type.Array(Type.String({ maxLength: 256 }), { maxItems: 4 })])),
    presence_penalty: Nullable(Type.Number({ minimum: -2, maximum: 2 })),
    frequency_penalty: Nullable(Type.Number({ minimum: -2, maximum: 2 })),
    // Passed upstream as a JSON number: beyond 2^53 it would not arrive as the integer sent.
    seed: Nullable(Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })),
    user: Nullable(Type.String({ maxLength: 256 })),
    n: Nullable(Type.Integer({ minimum: 1, maximum: 1 })),
    response_format: Nullable(Type.Object({ type: Type.Union([Type.Literal('text'), Type.Literal('json_object')]) })),
  },
  { $id: 'OpenAIChatCompletionRequest', description: 'The OpenAI Chat Completions request; `model` is accepted and mapped to the service model.' },
);
export type OpenAIChatRequestBody = Static<typeof OpenAIChatRequestBody>;

export const FinishReason = Type.String({ description: 'stop | length | content_filter | …, as the upstream said' });

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
        message: Type.Object({ role: Type.Literal('assistant'), content: Type.String() }),
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
