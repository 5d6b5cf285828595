/**
 * How a native batch scrapes one page: Quarry's scrape use case (the same fetch engine, cache and
 * prices as `POST /api/v1/scrape/`), its result stored as that endpoint's `data`.
 */
import { InvalidInputError } from '../errors.js';
import type { BatchPageScraper } from '../use-cases/batch-scrape-runner.js';
import type { ScrapeUseCase } from '../use-cases/scrape.js';
import { scrapeAnswer } from './answer.js';
import { scrapeErrorMapper } from './error-map.js';
import type { RenderMode, ScrapeFormat } from './schemas.js';

/** What a native batch stores of its scrape options. */
export interface NativeBatchOptions {
  readonly formats: readonly ScrapeFormat[];
  readonly render: RenderMode;
  readonly useCache: boolean;
}

/** A page's result: the `data` of `POST /api/v1/scrape/`'s answer. */
export type NativeBatchResult = ReturnType<typeof scrapeAnswer>['data'];

/** The message of an error answer body (`{"error"}`, `{"detail"}` or DRF field messages). */
function message(body: unknown): string {
  if (typeof body !== 'object' || body === null) return String(body);
  const record = body as Record<string, unknown>;
  if (typeof record.error === 'string') return record.error;
  if (typeof record.detail === 'string') return record.detail;
  return JSON.stringify(body);
}

export function nativeBatchPageScraper(scrape: ScrapeUseCase): BatchPageScraper<NativeBatchResult> {
  return {
    maxCost: (options) => scrape.maxCostOf((options as NativeBatchOptions).render),
    async scrape(account, url, raw, signal) {
      const options = raw as NativeBatchOptions;
      const { body, cost } = await scrape.run(account, { url, formats: options.formats, render: options.render, useCache: options.useCache }, signal);
      return { body: scrapeAnswer(body.result, { cache: body.cached ? 'hit' : 'miss', source_url: url }).data, cost };
    },
    describe(error) {
      if (error instanceof InvalidInputError) return message(error.fields);
      const mapped = scrapeErrorMapper(error);
      return mapped === undefined ? undefined : message(mapped.body);
    },
  };
}
