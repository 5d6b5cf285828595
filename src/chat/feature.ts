import type { Config } from '../config/index.js';
import type { Ledger, Metering } from '../credits/index.js';
import type { Feature } from '../feature.js';
import { chatErrorMapper } from './error-map.js';
import { modelRegistryFromConfig, type ChatModelsConfig } from './models.js';
import { OpenAIError } from './openai-errors.js';
import { createChatUseCase } from '../use-cases/chat.js';
import { registerChatRoutes, type ChatOffer } from './routes.js';
import { ChatCompletionResponse, ChatModel, ChatModelList, ChatRequestBody, OpenAIChatRequestBody } from './schemas.js';
import { createChatService } from './service.js';
import { createTokenCounter } from './tokens.js';
import { createChatUpstream, type ChatUpstream, type ChatUpstreamOptions } from './upstream.js';

/** The settings chat reads. */
type ChatConfig = ChatModelsConfig &
  Pick<
    Config,
    | 'chatTimeoutMs'
    | 'chatFirstByteTimeoutMs'
    | 'chatMaxRetries'
    | 'chatRetryBaseDelayMs'
    | 'chatMaxRetryAfterMs'
    | 'chatUpstreamConnections'
    | 'chatTokenEncoding'
    | 'holdTtlSeconds'
  >;

export interface ChatFeatureDeps {
  /** The metered-request lifecycle (throttle, hold, settle) shared with search and scrape. */
  readonly metering: Metering;
  /** Streamed answers hold and settle through the ledger directly (the hold outlives the handler). */
  readonly ledger: Ledger;
  readonly config: ChatConfig;
}

/** The upstream client settings shared by every model. */
function upstreamSettings(config: ChatConfig): Omit<ChatUpstreamOptions, 'baseUrl' | 'model'> {
  return {
    timeoutMs: config.chatTimeoutMs,
    firstByteTimeoutMs: config.chatFirstByteTimeoutMs,
    maxRetries: config.chatMaxRetries,
    retryBaseDelayMs: config.chatRetryBaseDelayMs,
    maxRetryAfterMs: config.chatMaxRetryAfterMs,
    connections: config.chatUpstreamConnections,
  };
}

/**
 * Chat completions through OpenAI-compatible upstreams, one per model (`CHAT_MODELS_FILE`, or the
 * one model of `CHAT_UPSTREAM_URL`), metered by tokens at each model's price. Without either the
 * routes still exist and answer 503, so clients learn why.
 */
export function chatFeature({ metering, ledger, config }: ChatFeatureDeps): Feature {
  return {
    name: 'chat',
    schemas: [ChatRequestBody, OpenAIChatRequestBody, ChatCompletionResponse, ChatModel, ChatModelList, OpenAIError],
    errorMappers: [chatErrorMapper],
    async register({ app, log, now, onClose }) {
      const models = modelRegistryFromConfig(config);
      let chat: ChatOffer | undefined;
      if (models !== undefined) {
        const upstreams = new Map<string, ChatUpstream>();
        for (const model of models.list()) {
          const upstream = createChatUpstream({
            ...upstreamSettings(config),
            baseUrl: model.upstreamUrl,
            model: model.upstreamModel,
            ...(model.apiKey === undefined ? {} : { apiKey: model.apiKey }),
            // One warning per failed attempt, with what an operator needs and no secret.
            onFailure: (failure) => log.warn({ model: model.id, ...failure }, 'chat upstream failed'),
          });
          onClose(() => upstream.close());
          upstreams.set(model.id, upstream);
        }
        const service = createChatService({
          tokenizer: await createTokenCounter({ encoding: config.chatTokenEncoding }),
          models,
          upstreamOf: (model) => upstreams.get(model.id)!,
        });
        chat = { service, completions: createChatUseCase({ service, metering: { ledger, holdTtlSeconds: config.holdTtlSeconds } }) };
      }
      registerChatRoutes(app, { chat, metering, modelCreated: Math.floor(now().getTime() / 1000) });
    },
  };
}
