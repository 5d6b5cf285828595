import type { Config } from '../config/index.js';
import type { Ledger, Metering } from '../credits/index.js';
import type { Feature } from '../feature.js';
import { chatErrorMapper } from './error-map.js';
import { ChatConfigError } from './errors.js';
import { OpenAIError } from './openai-errors.js';
import { createChatUseCase } from '../use-cases/chat.js';
import { registerChatRoutes, type ChatOffer } from './routes.js';
import { ChatCompletionResponse, ChatModel, ChatModelList, ChatRequestBody, OpenAIChatRequestBody } from './schemas.js';
import { createChatService } from './service.js';
import { createTokenCounter } from './tokens.js';
import { createChatUpstream, type ChatUpstream, type ChatUpstreamOptions } from './upstream.js';

/** The settings chat reads. */
type ChatConfig = Pick<
  Config,
  | 'chatUpstreamUrl'
  | 'chatUpstreamModel'
  | 'chatUpstreamApiKey'
  | 'chatTimeoutMs'
  | 'chatFirstByteTimeoutMs'
  | 'chatMaxRetries'
  | 'chatRetryBaseDelayMs'
  | 'chatMaxRetryAfterMs'
  | 'chatUpstreamConnections'
  | 'chatTokenEncoding'
  | 'priceChatPromptPer1k'
  | 'priceChatCompletionPer1k'
  | 'chatModel'
  | 'chatModelAcceptsImages'
  | 'holdTtlSeconds'
>;

export interface ChatFeatureDeps {
  /** The metered-request lifecycle (throttle, hold, settle) shared with search and scrape. */
  readonly metering: Metering;
  /** Streamed answers hold and settle through the ledger directly (the hold outlives the handler). */
  readonly ledger: Ledger;
  readonly config: ChatConfig;
}

/** The chat settings of the configuration, as the upstream client takes them; undefined when chat is off. */
function chatUpstreamOptions(config: ChatConfig): ChatUpstreamOptions | undefined {
  if (config.chatUpstreamUrl === undefined) return undefined;
  if (config.chatUpstreamModel === undefined) {
    throw new ChatConfigError('CHAT_UPSTREAM_MODEL must be set when CHAT_UPSTREAM_URL is.');
  }
  return {
    baseUrl: config.chatUpstreamUrl,
    model: config.chatUpstreamModel,
    ...(config.chatUpstreamApiKey === undefined ? {} : { apiKey: config.chatUpstreamApiKey }),
    timeoutMs: config.chatTimeoutMs,
    firstByteTimeoutMs: config.chatFirstByteTimeoutMs,
    maxRetries: config.chatMaxRetries,
    retryBaseDelayMs: config.chatRetryBaseDelayMs,
    maxRetryAfterMs: config.chatMaxRetryAfterMs,
    connections: config.chatUpstreamConnections,
  };
}

/**
 * Chat completions through an OpenAI-compatible upstream, metered by tokens. Without
 * `CHAT_UPSTREAM_URL` the routes still exist and answer 503, so clients learn why.
 */
export function chatFeature({ metering, ledger, config }: ChatFeatureDeps): Feature {
  return {
    name: 'chat',
    schemas: [ChatRequestBody, OpenAIChatRequestBody, ChatCompletionResponse, ChatModel, ChatModelList, OpenAIError],
    errorMappers: [chatErrorMapper],
    async register({ app, now, onClose }) {
      const upstreamOptions = chatUpstreamOptions(config);
      let chat: ChatOffer | undefined;
      if (upstreamOptions !== undefined) {
        const upstream: ChatUpstream = createChatUpstream(upstreamOptions);
        onClose(() => upstream.close());
        const service = createChatService({
          upstream,
          tokenizer: await createTokenCounter({ encoding: config.chatTokenEncoding }),
          prices: { promptPer1k: config.priceChatPromptPer1k, completionPer1k: config.priceChatCompletionPer1k },
          serviceModel: config.chatModel,
          capabilities: { acceptsImages: config.chatModelAcceptsImages, acceptsTools: true },
        });
        chat = { service, completions: createChatUseCase({ service, metering: { ledger, holdTtlSeconds: config.holdTtlSeconds } }) };
      }
      registerChatRoutes(app, {
        chat,
        metering,
        serviceModel: config.chatModel,
        modelCreated: Math.floor(now().getTime() / 1000),
      });
    },
  };
}
