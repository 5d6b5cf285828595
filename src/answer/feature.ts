import type { CachedRunner } from '../cache/cached.js';
import type { ChatService } from '../chat/index.js';
import type { Config } from '../config/index.js';
import type { Ledger, Metering } from '../credits/index.js';
import type { Scraping, Searching } from '../deps.js';
import type { Feature } from '../feature.js';
import { answersFrom } from '../use-cases/answer.js';
import { answerErrorMapper } from './error-map.js';
import { registerAnswerRoutes } from './routes.js';
import { AnswerRequest, AnswerResponse, AnswerUsage } from './schemas.js';

export interface AnswerFeatureDeps {
  readonly metering: Metering;
  readonly ledger: Ledger;
  readonly cached: CachedRunner;
  readonly scraping: Scraping;
  readonly searching: Searching;
  /** Undefined when no chat model is configured: answers are 503. */
  readonly chat: ChatService | undefined;
  readonly config: Pick<Config, 'searchCacheTtl' | 'scrapeCacheTtl' | 'cacheHitCharge' | 'priceSearchSource' | 'holdTtlSeconds'>;
}

/** `POST /api/v1/answer`: the search, the scrape and the chat models as one answer engine. */
export function answerFeature(deps: AnswerFeatureDeps): Feature {
  const { metering, ledger, cached, scraping, searching, chat, config } = deps;
  return {
    name: 'answer',
    schemas: [AnswerRequest, AnswerUsage, AnswerResponse],
    errorMappers: [answerErrorMapper],
    register({ app, now }) {
      const answers = answersFrom({ cached, searchService: searching.service, scrapeService: scraping.service, chat, ledger, config, now });
      registerAnswerRoutes(app, { answers, metering, chatConfigured: chat !== undefined });
    },
  };
}
