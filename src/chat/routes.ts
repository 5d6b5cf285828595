import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { meteredErrorResponses, type Metering } from '../credits/index.js';
import { NotFoundError } from '../errors.js';
import type { App } from '../http/server.js';
import type { ChatUseCase } from '../use-cases/chat.js';
import { answerFromWeb, type AnswerModel } from './answer-route.js';
import { ChatNotConfiguredError } from './errors.js';
import { OpenAIError, openAIErrorShape } from './openai-errors.js';
import { dropNullFields } from './openai-request-schema.js';
import { ChatCompletionResponse, ChatModel, ChatModelList, ChatRequestBody, OpenAIChatRequestBody } from './schemas.js';
import type { ChatModel as OfferedModel } from './models.js';
import type { ChatService, PreparedChat } from './service.js';
import { createSseWriter, pipeSse } from './sse-writer.js';

/** Chat on a server with an upstream: the service reads the bodies, the use case answers them. */
export interface ChatOffer {
  readonly service: ChatService;
  readonly completions: ChatUseCase;
  /** `model: "quarry-answer"` (or the models file's `answer_model`): answers from the web with their sources. */
  readonly answerModel: AnswerModel;
}

export interface ChatRouteDeps {
  /** Undefined when no upstream is configured: every chat route then answers 503. */
  readonly chat: ChatOffer | undefined;
  readonly metering: Metering;
  /** When the model entries were made, in Unix seconds (OpenAI's `created`). */
  readonly modelCreated: number;
}

/** Response header naming the `max_tokens` Quarry chose and sent upstream, when the request named none. */
export const MAX_TOKENS_HEADER = 'x-quarry-max-tokens';

const tags = ['chat'];
const security = [{ ApiKeyAuth: [] }];
const openAIErrorRef = Type.Ref(OpenAIError);
/** The alias answers every error in OpenAI's shape, with the statuses of the contract route. */
const openAIErrorResponses = Object.fromEntries([400, 401, 402, 404, 415, 429, 502, 503, 504].map((status) => [status, openAIErrorRef])) as Record<
  400 | 401 | 402 | 404 | 415 | 429 | 502 | 503 | 504,
  typeof openAIErrorRef
>;

/**
 * `POST /api/v1/chat/` (the contract), its OpenAI-compatible alias
 * `POST /api/v1/chat/completions` and `GET /api/v1/models`. Both chat routes go through the
 * metered lifecycle: authenticate → throttle → validate → hold the worst case → call the
 * upstream → settle on the tokens used.
 */
export function registerChatRoutes(app: App, deps: ChatRouteDeps): void {
  const { metering } = deps;

  function configured(): ChatOffer {
    if (deps.chat === undefined) throw new ChatNotConfiguredError();
    return deps.chat;
  }
  // Checked right after authentication, so a server without chat says so before judging the body.
  const requireConfigured = async () => void configured();
  const openAIAuth = [...metering.hooks.onRequest, requireConfigured];

  app.post(
    '/api/v1/chat/',
    {
      onRequest: [...metering.hooks.onRequest, requireConfigured],
      preValidation: metering.hooks.preValidation,
      schema: {
        tags,
        security,
        summary: 'Complete a conversation; metered by tokens',
        description:
          'Holds the worst case (prompt + `max_tokens`) before calling the upstream and charges the tokens used. ' +
          'With `stream: true` the answer is Server-Sent Events in the OpenAI chunk format, ending with a usage chunk and `data: [DONE]`.',
        body: Type.Ref(ChatRequestBody),
        response: { 200: Type.Ref(ChatCompletionResponse), ...meteredErrorResponses },
      },
    },
    async (request, reply) => answer(request, reply, configured().service.prepare(request.body)),
  );

  app.post(
    '/api/v1/chat/completions',
    {
      onRequest: openAIAuth,
      preValidation: [metering.hooks.preValidation, dropNullFields],
      onSend: openAIErrorShape,
      schema: {
        tags,
        security,
        summary: 'OpenAI-compatible chat completions (for OpenAI clients with `baseURL` …/api/v1)',
        description:
          'Accepts the OpenAI request body; `model` names one of `GET /api/v1/models` (without it, the default model answers). The API key may also come as `Authorization: Bearer <api key>`. ' +
          "Without `max_tokens`/`max_completion_tokens`, Quarry sends the model's budget cut to what the balance pays for, and says so in `X-Quarry-Max-Tokens`. " +
          'Tool calling (`tools`, `tool_choice`, `tool_calls`, `tool` messages), `json_schema` output and image parts pass through; every other OpenAI field is honoured or refused with a 400 naming it. ' +
          '`model: "quarry-answer"` (listed by `GET /api/v1/models`) answers the last user message from the web, citing its sources by `[n]`, with Perplexity\'s `citations` (`[n]` is `citations[n-1]`) and `search_results`; charged the search, the pages read and the tokens. ' +
          'Streams carry a final usage chunk only with `stream_options.include_usage`. Errors come in OpenAI\'s shape, `{"error": {"message", "type", "param", "code"}}`.',
        body: Type.Ref(OpenAIChatRequestBody),
        response: { 200: Type.Ref(ChatCompletionResponse), ...openAIErrorResponses },
      },
    },
    async (request, reply) => {
      const offer = configured();
      if (request.body.model === offer.answerModel.name) {
        return answerFromWeb(request, reply, request.body, { model: offer.answerModel, metering, headers: () => stringHeaders(reply.getHeaders()) });
      }
      return answer(request, reply, offer.service.prepareOpenAI(request.body));
    },
  );

  const entry = (model: Pick<OfferedModel, 'id'>): ChatModel => ({ id: model.id, object: 'model', created: deps.modelCreated, owned_by: 'quarry' });
  /** The chat models, then the answer model. */
  const offered = (): Pick<OfferedModel, 'id'>[] => {
    const { service, answerModel } = configured();
    return [...service.models.list(), { id: answerModel.name }];
  };

  app.get(
    '/api/v1/models',
    {
      onRequest: openAIAuth,
      onSend: openAIErrorShape,
      schema: {
        tags,
        security,
        summary: 'The chat models on offer (OpenAI list format)',
        response: { 200: Type.Ref(ChatModelList), 401: openAIErrorRef, 429: openAIErrorRef, 503: openAIErrorRef },
      },
    },
    async () => ({ object: 'list' as const, data: offered().map(entry) }),
  );

  const oneModel = (id: string) => {
    const model = offered().find((candidate) => candidate.id === id);
    if (model === undefined) throw new NotFoundError(`The model '${id}' does not exist.`);
    return entry(model);
  };
  const modelResponses = { 200: Type.Ref(ChatModel), 401: openAIErrorRef, 404: openAIErrorRef, 429: openAIErrorRef, 503: openAIErrorRef };

  app.get(
    '/api/v1/models/:model',
    {
      onRequest: openAIAuth,
      onSend: openAIErrorShape,
      schema: {
        tags,
        security,
        summary: 'One chat model (OpenAI model object)',
        description: 'A model id holding `/` (`meta-llama/llama-3.1-8b`) may come escaped (`%2F`, as OpenAI clients send it) or as it is.',
        params: Type.Object({ model: Type.String() }),
        response: modelResponses,
      },
    },
    async (request) => oneModel(request.params.model),
  );
  // The same for an id whose `/` came unescaped (curl users type it so): more than one path segment.
  app.get(
    '/api/v1/models/*',
    {
      onRequest: openAIAuth,
      onSend: openAIErrorShape,
      schema: { hide: true, params: Type.Object({ '*': Type.String() }), response: modelResponses },
    },
    async (request) => oneModel(request.params['*']),
  );

  async function answer(request: FastifyRequest, reply: FastifyReply, prepared: PreparedChat) {
    const { completions } = configured();
    const caller = metering.callerOf(request, reply);
    /** Names the `max_tokens` Quarry chose (cut to the balance when it had to be). */
    const budgetHeader = (ran: PreparedChat) => {
      if (ran.maxTokensSource === 'chosen') reply.header(MAX_TOKENS_HEADER, ran.upstreamRequest.max_tokens);
    };
    if (!prepared.stream) {
      const done = await completions.complete(caller, prepared);
      budgetHeader(done.chat);
      reply.header('x-credits-used', done.charged);
      reply.header('x-credits-remaining', done.balance);
      return done.response;
    }

    const writer = createSseWriter(reply.raw);
    // Resolves at the upstream's first output, so an upstream that fails before it still gets a JSON error status.
    const { events, chat } = await completions.stream(caller, prepared, writer.signal);
    budgetHeader(chat);
    // Headers set so far (request id, rate limits, the budget) go out with the stream's status line.
    for (const [name, value] of Object.entries(stringHeaders(reply.getHeaders()))) reply.raw.setHeader(name, value);
    reply.hijack();
    try {
      await pipeSse(writer, events);
    } catch (error) {
      // The client already got an error event; what remains is the log. An unsettled hold expires.
      request.log.error({ err: error }, 'chat stream failed');
    }
    return reply;
  }
}

function stringHeaders(headers: Record<string, number | string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
