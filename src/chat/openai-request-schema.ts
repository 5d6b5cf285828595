import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CHAT_LIMITS } from './limits.js';

/**
 * Body of `POST /api/v1/chat/completions`, the OpenAI Chat Completions request. Every field of
 * OpenAI's request is either declared here and honoured (passed to the upstream, or acted on), or
 * refused with a 400 naming it: unknown fields fail the schema (`additionalProperties: false`),
 * and known fields that Quarry cannot honour are declared as "refused" (see `REFUSED_FIELDS` in
 * `openai-request.ts`, and the table in docs/chat.md). Rules that JSON Schema cannot say well
 * (role-specific message fields, tool-call ids, sizes of tool schemas) are checked by
 * `prepareOpenAI`, before any hold.
 */

// OpenAI clients send `null` for "not given" more often than one would like. Top-level nulls are
// dropped before validation (`dropNullFields`), so that a bad value is reported on its own field
// rather than as a failed "X or null" union; nested ones are allowed where OpenAI allows them.
const Nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const closed = { additionalProperties: false } as const;

export const OPENAI_LIMITS = {
  /** OpenAI's own cap on `tools`. */
  maxTools: 128,
  maxToolCallsPerMessage: 128,
  /** One tool definition (name, description, parameters) as JSON. */
  maxToolChars: 64 * 1024,
  /** All tool definitions together, as JSON: they are sent (and paid) with every call. */
  maxToolsChars: 256 * 1024,
  /** A `json_schema` response format's schema, as JSON. */
  maxResponseSchemaChars: 64 * 1024,
  maxToolDescriptionChars: 8192,
  /** Tool-call arguments in an assistant message (a JSON text the model wrote). */
  maxArgumentsChars: CHAT_LIMITS.maxContentChars,
  /** An image URL or `data:` URL; the body limit bounds it too. */
  maxImageUrlChars: 8 * 1024 * 1024,
  maxParts: CHAT_LIMITS.maxMessages,
} as const;

/** OpenAI's function-name rule (also the `json_schema` name rule). */
export const FUNCTION_NAME = '^[a-zA-Z0-9_-]{1,64}$';

const Temperature = Type.Number({ minimum: CHAT_LIMITS.minTemperature, maximum: CHAT_LIMITS.maxTemperature });
const MaxTokens = Type.Integer({ minimum: CHAT_LIMITS.minMaxTokens, maximum: CHAT_LIMITS.maxMaxTokens });
const JsonObject = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });
/**
 * The `openai` SDK's helpers (`runTools`, `parse`, `stream`) send an assistant message back with
 * their parsed copy of a field next to the field itself; the field is what goes upstream.
 */
const SdkCopy = (of: string) => Type.Optional(Type.Unknown({ description: `The openai SDK's parsed copy of ${of}; not sent upstream (${of} is).` }));
/** A field declared only to be refused when given (null counts as not given). */
const Refused = (why: string) => Type.Optional(Type.Unknown({ description: `Refused with a 400 when given: ${why}` }));

/**
 * One part of an array `content`. `text` and `image_url` are honoured (image parts only in user
 * messages, and only when the model accepts images); other part types (`input_audio`, `file`,
 * `refusal`) are refused by `prepareOpenAI` with a message naming the part.
 */
export const OpenAIContentPart = Type.Object(
  {
    type: Type.String({ maxLength: 32 }),
    text: Type.Optional(Type.String({ maxLength: CHAT_LIMITS.maxContentChars })),
    image_url: Type.Optional(
      Type.Object(
        {
          url: Type.String({ minLength: 1, maxLength: OPENAI_LIMITS.maxImageUrlChars }),
          detail: Type.Optional(Type.Union([Type.Literal('auto'), Type.Literal('low'), Type.Literal('high')])),
        },
        closed,
      ),
    ),
  },
  { ...closed, description: '`{type: "text", text}` or `{type: "image_url", image_url: {url, detail}}`' },
);
export type OpenAIContentPart = Static<typeof OpenAIContentPart>;

export const OpenAIToolCall = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 256 }),
    type: Type.Literal('function'),
    function: Type.Object(
      {
        name: Type.String({ pattern: FUNCTION_NAME }),
        arguments: Type.String({ maxLength: OPENAI_LIMITS.maxArgumentsChars }),
        parsed_arguments: SdkCopy('`arguments`'),
      },
      closed,
    ),
  },
  { ...closed, description: 'A call the assistant made, sent back as part of the conversation.' },
);
export type OpenAIToolCall = Static<typeof OpenAIToolCall>;

/**
 * A message of any role. One object for every role, so that a mistake is reported on the field at
 * fault (a union of per-role shapes could only say "Invalid input."); which field goes with which
 * role is checked by `prepareOpenAI`. `developer` is OpenAI's newer name for `system` and is sent
 * upstream as `system`. The deprecated `function` role is refused (use `tool`).
 */
export const OpenAIChatMessage = Type.Object(
  {
    role: Type.Union([Type.Literal('system'), Type.Literal('developer'), Type.Literal('user'), Type.Literal('assistant'), Type.Literal('tool')]),
    content: Type.Optional(
      Type.Union([
        Type.String({ maxLength: CHAT_LIMITS.maxContentChars }),
        Type.Array(OpenAIContentPart, { minItems: 1, maxItems: OPENAI_LIMITS.maxParts }),
        Type.Null(),
      ]),
    ),
    name: Type.Optional(Type.String({ maxLength: 64 })),
    tool_calls: Type.Optional(Type.Array(OpenAIToolCall, { maxItems: OPENAI_LIMITS.maxToolCallsPerMessage })),
    tool_call_id: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    refusal: Nullable(Type.String({ maxLength: CHAT_LIMITS.maxContentChars })),
    parsed: SdkCopy('`content`'),
  },
  closed,
);
export type OpenAIChatMessage = Static<typeof OpenAIChatMessage>;

export const OpenAITool = Type.Object(
  {
    type: Type.Literal('function', { description: 'Only function tools; `custom` tools are refused.' }),
    function: Type.Object(
      {
        name: Type.String({ pattern: FUNCTION_NAME }),
        description: Type.Optional(Type.String({ maxLength: OPENAI_LIMITS.maxToolDescriptionChars })),
        parameters: Type.Optional(JsonObject('A JSON Schema object, passed upstream as given (never compiled here).')),
        strict: Nullable(Type.Boolean()),
      },
      closed,
    ),
  },
  closed,
);
export type OpenAITool = Static<typeof OpenAITool>;

export const OpenAIToolChoice = Type.Union([
  Type.Literal('none'),
  Type.Literal('auto'),
  Type.Literal('required'),
  Type.Object({ type: Type.Literal('function'), function: Type.Object({ name: Type.String({ pattern: FUNCTION_NAME }) }, closed) }, closed),
]);

export const OpenAIResponseFormat = Type.Object(
  {
    type: Type.Union([Type.Literal('text'), Type.Literal('json_object'), Type.Literal('json_schema')]),
    json_schema: Type.Optional(
      Type.Object(
        {
          name: Type.String({ pattern: FUNCTION_NAME }),
          description: Type.Optional(Type.String({ maxLength: OPENAI_LIMITS.maxToolDescriptionChars })),
          schema: Type.Optional(JsonObject('A JSON Schema object, passed upstream as given.')),
          strict: Nullable(Type.Boolean()),
        },
        closed,
      ),
    ),
  },
  closed,
);

const ReasoningEffort = Type.Union(['none', 'minimal', 'low', 'medium', 'high', 'xhigh'].map((effort) => Type.Literal(effort)));

export const OpenAIChatRequestBody = Type.Object(
  {
    model: Type.Optional(Type.String({ maxLength: 256, description: 'Accepted; the service model answers.' })),
    messages: Type.Array(OpenAIChatMessage, { minItems: CHAT_LIMITS.minMessages, maxItems: CHAT_LIMITS.maxMessages }),
    temperature: Type.Optional(Temperature),
    max_tokens: Type.Optional(MaxTokens),
    max_completion_tokens: Type.Optional({ ...MaxTokens, description: 'Wins over `max_tokens`; sent upstream as `max_tokens`.' }),
    stream: Type.Optional(Type.Boolean()),
    stream_options: Type.Optional(Type.Object({ include_usage: Nullable(Type.Boolean()) }, closed)),
    top_p: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    stop: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Array(Type.String({ maxLength: 256 }), { maxItems: 4 })])),
    presence_penalty: Type.Optional(Type.Number({ minimum: -2, maximum: 2 })),
    frequency_penalty: Type.Optional(Type.Number({ minimum: -2, maximum: 2 })),
    logit_bias: Type.Optional(
      Type.Record(Type.String({ pattern: '^[0-9]{1,10}$' }), Type.Number({ minimum: -100, maximum: 100 }), {
        maxProperties: 300,
        description: "Token ids of the upstream model's tokenizer → bias; passed upstream.",
      }),
    ),
    // Passed upstream as a JSON number: beyond 2^53 it would not arrive as the integer sent.
    seed: Type.Optional(Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })),
    user: Type.Optional(Type.String({ maxLength: 256 })),
    safety_identifier: Type.Optional(Type.String({ maxLength: 256 })),
    prompt_cache_key: Type.Optional(Type.String({ maxLength: 256 })),
    n: Type.Optional(Type.Integer({ minimum: 1, maximum: 1, description: 'Only 1: one choice per call.' })),
    response_format: Type.Optional(OpenAIResponseFormat),
    tools: Type.Optional(Type.Array(OpenAITool, { maxItems: OPENAI_LIMITS.maxTools })),
    tool_choice: Type.Optional(OpenAIToolChoice),
    parallel_tool_calls: Type.Optional(Type.Boolean()),
    reasoning_effort: Type.Optional(ReasoningEffort),
    verbosity: Type.Optional(Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')])),
    logprobs: Type.Optional(Type.Boolean({ description: 'Only `false`: log probabilities are not relayed.' })),
    store: Type.Optional(Type.Boolean({ description: 'Only `false`: Quarry does not ask the upstream to store completions.' })),
    modalities: Type.Optional(Type.Array(Type.String({ maxLength: 16 }), { maxItems: 4, description: 'Only `["text"]`.' })),
    top_logprobs: Refused('log probabilities are not relayed'),
    metadata: Refused('stored completions are not offered'),
    audio: Refused('audio output is not offered'),
    prediction: Refused('predicted outputs are not offered'),
    service_tier: Refused('the upstream tier is part of the model, and so of its price'),
    web_search_options: Refused('web search belongs to Quarry’s search endpoints'),
    functions: Refused('deprecated: use `tools`'),
    function_call: Refused('deprecated: use `tool_choice`'),
  },
  {
    ...closed,
    $id: 'OpenAIChatCompletionRequest',
    description:
      'The OpenAI Chat Completions request; `model` is accepted and mapped to the service model. A top-level `null` means "not given". Every field is honoured or refused with a 400 naming it (docs/chat.md).',
  },
);
type ValidatedBody = Static<typeof OpenAIChatRequestBody>;
/** The body as the service takes it: a top-level `null` is a field not given (the route drops them; other callers need not). */
export type OpenAIChatRequestBody = { [K in keyof ValidatedBody]: K extends 'messages' ? ValidatedBody[K] : ValidatedBody[K] | null };

/**
 * `preValidation` of the OpenAI route: a top-level field sent as `null` is a field not given, as
 * OpenAI reads it (its SDKs and LangChain send `null`s for unset options).
 */
export async function dropNullFields(request: { body: unknown }): Promise<void> {
  const { body } = request;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  for (const [name, value] of Object.entries(body)) if (value === null) delete (body as Record<string, unknown>)[name];
}
