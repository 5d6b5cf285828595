import { answerErrorMapper } from '../answer/index.js';
import type { CachedRunner } from '../cache/cached.js';
import { answerModelName, type Config } from '../config/index.js';
import type { Ledger, Metering } from '../credits/index.js';
import type { Scraping, Searching } from '../deps.js';
import type { Feature } from '../feature.js';
import { answersFrom, type AnswerParts } from '../use-cases/answer.js';
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
  /** What the answer model (`quarry-answer`) searches and reads with: the process's cache, scrape and search. */
  readonly cached: CachedRunner;
  readonly scraping: Scraping;
  readonly searching: Searching;
  readonly config: Pick<Config, 'chatModels'> & AnswerParts['config'];
}

/**
 * Chat completions through OpenAI-compatible upstreams, one per model (`CHAT_MODELS_FILE`, or the
 * one model of `CHAT_UPSTREAM_URL`), metered by tokens at each model's price, and the answer model
 * (`quarry-answer`), which answers from the web. Without a model the routes still exist and answer
 * 503, so clients learn why.
 */
export function chatFeature({ chat, metering, ledger, cached, scraping, searching, config }: ChatFeatureDeps): Feature {
  return {
    name: 'chat',
    schemas: [ChatRequestBody, OpenAIChatRequestBody, ChatCompletionResponse, ChatModel, ChatModelList, OpenAIError],
    // An answer that found nothing to read is the answer feature's 422/502, whichever surface asked.
    errorMappers: [chatErrorMapper, answerErrorMapper],
    register({ app, now }) {
      const offer =
        chat === undefined
          ? undefined
          : {
              service: chat,
              completions: createChatUseCase({ service: chat, metering: { ledger, holdTtlSeconds: config.holdTtlSeconds } }),
              answerModel: {
                name: answerModelName(config.chatModels),
                answers: answersFrom({ cached, searchService: searching.service, scrapeService: scraping.service, chat, ledger, config, now }),
              },
            };
      registerChatRoutes(app, { chat: offer, metering, modelCreated: Math.floor(now().getTime() / 1000) });
    },
  };
}
