import type { Config } from '../config/index.js';
import type { Ledger, Metering } from '../credits/index.js';
import type { Feature } from '../feature.js';
import { createChatUseCase } from '../use-cases/chat.js';
import { chatErrorMapper } from './error-map.js';
import { OpenAIError } from './openai-errors.js';
import { registerChatRoutes } from './routes.js';
import { ChatCompletionResponse, ChatModel, ChatModelList, ChatRequestBody, OpenAIChatRequestBody } from './schemas.js';
import type { ChatService } from './service.js';

export interface ChatFeatureDeps {
  /** The process's chat service (src/deps.ts); undefined when no model is configured. */
  readonly chat: ChatService | undefined;
  /** The metered-request lifecycle (throttle, hold, settle) shared with search and scrape. */
  readonly metering: Metering;
  /** Streamed answers hold and settle through the ledger directly (the hold outlives the handler). */
  readonly ledger: Ledger;
  readonly config: Pick<Config, 'holdTtlSeconds'>;
}

/**
 * Chat completions through OpenAI-compatible upstreams, one per model (`CHAT_MODELS_FILE`, or the
 * one model of `CHAT_UPSTREAM_URL`), metered by tokens at each model's price. Without either the
 * routes still exist and answer 503, so clients learn why.
 */
export function chatFeature({ chat, metering, ledger, config }: ChatFeatureDeps): Feature {
  return {
    name: 'chat',
    schemas: [ChatRequestBody, OpenAIChatRequestBody, ChatCompletionResponse, ChatModel, ChatModelList, OpenAIError],
    errorMappers: [chatErrorMapper],
    register({ app, now }) {
      const offer =
        chat === undefined
          ? undefined
          : { service: chat, completions: createChatUseCase({ service: chat, metering: { ledger, holdTtlSeconds: config.holdTtlSeconds } }) };
      registerChatRoutes(app, { chat: offer, metering, modelCreated: Math.floor(now().getTime() / 1000) });
    },
  };
}
