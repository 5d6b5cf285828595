import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { meteredErrorResponses } from '../credits/metered-errors.js';
import type { MeteredCall, Metering } from '../credits/metering.js';
import { NotFoundError } from '../errors.js';
import type { App } from '../http/server.js';
import { ChatNotConfiguredError } from './errors.js';
import { OpenAIError, openAIErrorShape } from './openai-errors.js';
import { ChatCompletionResponse, ChatModel, ChatModelList, ChatRequestBody, OpenAIChatRequestBody } from './schemas.js';
import type { ChatService, PreparedChat, SettleChat } from './service.js';
import { createSseWriter, pipeSse } from './sse-writer.js';

/** The ledger's `endpoint` of every chat call (both routes cost the same way). */
export const CHAT_ENDPOINT = 'chat';

export interface ChatRouteDeps {
  /** Undefined when no upstream is configured: every chat route then answers 503. */
  readonly service: ChatService | undefined;
  readonly metering: Metering;
  /** The one model this service offers (`CHAT_MODEL`). */
  readonly serviceModel: string;
  /** When the model entry was made, in Unix seconds (OpenAI's `created`). */
  readonly modelCreated: number;
}

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

  function configured(): ChatService {
    if (deps.service === undefined) throw new ChatNotConfiguredError();
    return deps.service;
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
    async (request, reply) => answer(request, reply, configured().prepare(request.body)),
  );

  app.post(
    '/api/v1/chat/completions',
    {
      onRequest: openAIAuth,
      preValidation: metering.hooks.preValidation,
      onSend: openAIErrorShape,
      schema: {
        tags,
        security,
        summary: 'OpenAI-compatible chat completions (for OpenAI clients with `baseURL` …/api/v1)',
        description:
          'Accepts the OpenAI request body; `model` is accepted and the service model answers. The API key may also come as `Authorization: Bearer <api key>`. ' +
          'Streams carry a final usage chunk only with `stream_options.include_usage`. Errors come in OpenAI\'s shape, `{"error": {"message", "type", "param", "code"}}`.',
        body: Type.Ref(OpenAIChatRequestBody),
        response: { 200: Type.Ref(ChatCompletionResponse), ...openAIErrorResponses },
      },
    },
    async (request, reply) => answer(request, reply, configured().prepareOpenAI(request.body)),
  );

  const model = (): ChatModel => ({ id: deps.serviceModel, object: 'model', created: deps.modelCreated, owned_by: 'quarry' });

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
    async () => ({ object: 'list' as const, data: [model()] }),
  );

  app.get(
    '/api/v1/models/:model',
    {
      onRequest: openAIAuth,
      onSend: openAIErrorShape,
      schema: {
        tags,
        security,
        summary: 'One chat model (OpenAI model object)',
        params: Type.Object({ model: Type.String() }),
        response: { 200: Type.Ref(ChatModel), 401: openAIErrorRef, 404: openAIErrorRef, 429: openAIErrorRef, 503: openAIErrorRef },
      },
    },
    async (request) => {
      if (request.params.model !== deps.serviceModel) throw new NotFoundError(`The model '${request.params.model}' does not exist.`);
      return model();
    },
  );

  async function answer(request: FastifyRequest, reply: FastifyReply, prepared: PreparedChat) {
    const service = configured();
    const call = await metering.begin(request, reply, CHAT_ENDPOINT, prepared.holdCredits);
    if (!prepared.stream) {
      try {
        return await service.complete(prepared, { settle: settleUnlessGone(call), signal: call.signal });
      } catch (error) {
        await call.release();
        throw error;
      }
    }

    // Headers set so far (request id, rate limits) go out with the stream's status line.
    const writer = createSseWriter(reply.raw, { headers: stringHeaders(reply.getHeaders()) });
    let events: AsyncIterable<string>;
    try {
      // Resolves at the upstream's first output, so an upstream that fails before it still gets a JSON error status.
      events = await service.startStream(prepared, {
        settle: settleThrough(call),
        signal: AbortSignal.any([call.signal, writer.signal]),
      });
    } catch (error) {
      await call.release();
      throw error;
    }
    reply.hijack();
    try {
      await pipeSse(writer, events);
    } catch (error) {
      // The client already got an error event; what remains is the log. An unsettled hold expires.
      request.log.error({ err: error, reqId: request.id }, 'chat stream failed');
    }
    return reply;
  }
}

/**
 * A whole (non-streamed) answer is charged only if its client is still there to receive it;
 * a streamed one is charged for the tokens produced, even when its client left mid-way.
 */
function settleUnlessGone(call: MeteredCall): SettleChat {
  const settle = settleThrough(call);
  return async (charge) => {
    if (call.signal.aborted) throw call.signal.reason;
    return settle(charge);
  };
}

function settleThrough(call: MeteredCall): SettleChat {
  return async (charge) => {
    const { charged, balance } = await call.settle(charge.credits);
    return { creditsUsed: charged, creditsRemaining: balance };
  };
}

function stringHeaders(headers: Record<string, number | string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
