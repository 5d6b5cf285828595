import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Ledger, Metering } from '../../credits/index.js';
import { InvalidInputError } from '../../errors.js';
import { ApiError } from '../../http/errors.js';
import type { App } from '../../http/server.js';
import type { JobQueue } from '../../jobs/index.js';
import { parseScrapeRequest, scrapeErrorMapper } from '../../scrape/index.js';
import {
  BatchSizeError,
  BatchWebhooksUnavailableError,
  createBatchScrapeUseCase,
  TooManyBatchesError,
  type BatchScrapeUseCase,
  type BatchStartEvents,
  type BatchStorage,
} from '../../use-cases/batch-scrape.js';
import { BATCH_EVENTS } from '../../use-cases/batch-scrape-events.js';
import { InvalidWebhookError, webhookTargetOf, type WebhookTarget } from '../../webhooks/index.js';
import type { BatchJobData, BatchPageScraper } from '../../use-cases/batch-scrape-runner.js';
import { errorText } from '../error-text.js';
import type { FirecrawlDocument } from './document.js';
import { badRequest, firecrawlError, jobNotFound } from './errors.js';
import { firecrawlErrors, firecrawlSecurity, firecrawlTags, postHooks, readHooks, VERSIONS, type FirecrawlVersion } from './route-kit.js';
import { resolveScrapeOptions, type ResolvedScrapeOptions } from './scrape-options.js';
import type { FirecrawlScraper } from './scraper.js';
import { CrawlCancelled, CrawlErrors, CrawlPageQuery, CrawlParams, CrawlStatus, scrapeOptionFields } from './schemas.js';

/** The queue of Firecrawl-compatible batch scrapes. */
export const FIRECRAWL_BATCH_QUEUE = 'firecrawl-batch-scrape';

/** Keys of a batch body beside the scrape options. */
const BATCH_KEYS = new Set(['urls', 'webhook', 'ignoreInvalidURLs', 'maxConcurrency', 'zeroDataRetention', 'appendToId']);

export const BatchBody = Type.Object(
  {
    urls: Type.Array(Type.String({ maxLength: 8192 }), { minItems: 1, maxItems: 1000, description: '1 to `BATCH_MAX_URLS` URLs (at most 1,000).' }),
    ...scrapeOptionFields,
    webhook: Type.Optional(
      Type.Unknown({
        description:
          "A URL or `{url, headers?, metadata?, events?}`: `batch_scrape.started`, `batch_scrape.page`, `batch_scrape.completed`, `batch_scrape.failed`, signed with the account's webhook secret (docs/webhooks.md).",
      }),
    ),
    ignoreInvalidURLs: Type.Optional(Type.Boolean({ description: 'Leave invalid URLs out (listed in `invalidURLs`) instead of refusing the batch.' })),
    maxConcurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Accepted; `BATCH_PAGE_CONCURRENCY` applies.' })),
    zeroDataRetention: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true, $id: 'FirecrawlBatchScrapeRequest' },
);

export const BatchStarted = Type.Object(
  { success: Type.Literal(true), id: Type.String(), url: Type.String(), invalidURLs: Type.Optional(Type.Array(Type.String())) },
  { $id: 'FirecrawlBatchScrapeStarted' },
);

export interface BatchRouteDeps {
  readonly store: BatchStorage<FirecrawlDocument>;
  readonly queue: JobQueue;
  readonly ledger: Ledger;
  readonly metering: Metering;
  readonly browserAvailable: boolean;
  readonly pricePerPage: number;
  readonly maxUrls: number;
  readonly maxActivePerAccount: number;
  readonly maxPageBytes: number;
  readonly publicUrl: string | undefined;
  readonly now: () => Date;
  /** The batches' webhook events (`batch-scrape-events.ts`); `available` false: a batch with a webhook is refused. */
  readonly events: BatchStartEvents;
}

/** How a Firecrawl batch scrapes one page: Firecrawl's scrape (same cache and prices), its document as `/v2/scrape` answers it. */
export function firecrawlBatchPageScraper(scraper: FirecrawlScraper): BatchPageScraper<FirecrawlDocument> {
  return {
    maxCost: (options) => scraper.maxCost(options as ResolvedScrapeOptions),
    async scrape(account, url, options, signal) {
      const { body, cost } = await scraper.run(account, url, options as ResolvedScrapeOptions, signal);
      return { body: scraper.answered(body), cost };
    },
    describe(error) {
      if (error instanceof InvalidInputError) return errorText(error.fields);
      if (error instanceof ApiError) return errorText(error.body);
      const mapped = scrapeErrorMapper(error);
      return mapped === undefined ? undefined : errorText(mapped.body);
    },
  };
}

/** The batch's webhook, checked; a bad one answers Firecrawl's 400. */
function batchWebhook(raw: unknown): WebhookTarget | undefined {
  try {
    return webhookTargetOf(raw, BATCH_EVENTS);
  } catch (error) {
    if (error instanceof InvalidWebhookError) throw badRequest(error.message);
    throw error;
  }
}

const baseUrl = (request: FastifyRequest, publicUrl: string | undefined) => (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

/** The URLs a scrape accepts, and those it would refuse. */
function splitUrls(urls: readonly string[]): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const url of urls) {
    try {
      valid.push(parseScrapeRequest({ url, formats: ['markdown'] }).sourceUrl);
    } catch {
      invalid.push(url);
    }
  }
  return { valid, invalid };
}

/**
 * `POST /v{1,2}/batch/scrape` (start), `GET /v{1,2}/batch/scrape/{id}` (status and the documents
 * completed so far, in the order they completed, with an absolute `next`), `GET …/{id}/errors`
 * (v1 also DELETE, as firecrawl-js v1 sends it) and `DELETE …/{id}` (cancel): a thin mapping onto
 * the batch scrape use case, whose job the Firecrawl feature runs on `FIRECRAWL_BATCH_QUEUE`.
 */
export function registerBatchRoutes(app: App, deps: BatchRouteDeps): void {
  const batches = createBatchScrapeUseCase<FirecrawlDocument>({
    store: deps.store,
    surface: 'firecrawl',
    enqueue: async (batchId) => {
      await deps.queue.send<BatchJobData>(FIRECRAWL_BATCH_QUEUE, { batchId });
    },
    ledger: deps.ledger,
    pricePerPage: deps.pricePerPage,
    maxUrls: deps.maxUrls,
    maxActivePerAccount: deps.maxActivePerAccount,
    maxPageBytes: deps.maxPageBytes,
    now: deps.now,
    events: deps.events,
  });
  for (const version of VERSIONS) registerVersion(app, deps, version, batches);
}

function registerVersion(app: App, deps: BatchRouteDeps, version: FirecrawlVersion, batches: BatchScrapeUseCase<FirecrawlDocument>): void {
  const { metering } = deps;
  const callerOf = (request: FastifyRequest) => ({ accountId: request.apiKey!.userId, keyId: request.apiKey!.keyId });
  const common = { tags: firecrawlTags, security: firecrawlSecurity };
  const statusUrl = (request: FastifyRequest, id: string) => `${baseUrl(request, deps.publicUrl)}/${version}/batch/scrape/${id}`;

  app.post(
    `/${version}/batch/scrape`,
    {
      ...postHooks(metering),
      schema: {
        ...common,
        summary: `Firecrawl ${version} batch scrape: start`,
        description:
          "Scrapes every URL with the options of one scrape (the model's formats excepted) as a durable job. Each page is charged as a scrape when it completes; " +
          'when the credits run out the batch ends `completed` with a `warning` and fewer documents, the rest not charged. ' +
          'More than `BATCH_MAX_URLS` URLs answer 400; an account already running `BATCH_MAX_ACTIVE_PER_ACCOUNT` batches gets 429. ' +
          "With a `webhook`, the batch's events are sent to it (400 for a bad one, or when the server has no `KEY_ENCRYPTION_SECRET`).",
        body: BatchBody,
        response: { 200: BatchStarted, ...firecrawlErrors },
      },
    },
    async (request) => {
      const { urls, webhook, ignoreInvalidURLs, ...options } = request.body;
      const target = batchWebhook(webhook);
      if (urls.length > deps.maxUrls) throw badRequest(`urls: at most ${deps.maxUrls} URLs in one batch.`);
      const resolved = resolveScrapeOptions(options, '', deps.browserAvailable, ['markdown'], BATCH_KEYS);
      const { valid, invalid } = splitUrls(urls);
      if (invalid.length > 0 && ignoreInvalidURLs !== true) throw badRequest(`urls: not a valid http(s) URL: ${invalid.slice(0, 5).join(', ')}`);
      if (valid.length === 0) throw badRequest('urls: no valid URL to scrape.');
      try {
        const { id } = await batches.start(callerOf(request), { urls: valid, options: resolved, ...(target === undefined ? {} : { webhook: target }) });
        return { success: true as const, id, url: statusUrl(request, id), ...(ignoreInvalidURLs === true ? { invalidURLs: invalid } : {}) };
      } catch (error) {
        if (error instanceof BatchSizeError) throw badRequest(error.message);
        if (error instanceof TooManyBatchesError) throw firecrawlError(429, error.message);
        if (error instanceof BatchWebhooksUnavailableError) throw badRequest(error.message);
        throw error;
      }
    },
  );

  app.get(
    `/${version}/batch/scrape/:id`,
    {
      ...readHooks(metering),
      schema: {
        ...common,
        summary: `Firecrawl ${version} batch scrape: status`,
        params: CrawlParams,
        querystring: CrawlPageQuery,
        response: { 200: CrawlStatus, ...firecrawlErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const skip = Number(request.query.skip ?? 0);
      const limit = request.query.limit === undefined ? undefined : Number(request.query.limit);
      const batch = await batches.status(callerOf(request), id, { skip, ...(limit === undefined ? {} : { limit }), order: 'completed' });
      if (batch === undefined) throw jobNotFound();
      return {
        success: true as const,
        status: batch.status,
        completed: batch.completed,
        total: batch.total,
        creditsUsed: batch.creditsUsed,
        expiresAt: batch.expiresAt.toISOString(),
        // Absent, never null, on the last page: firecrawl-js v1 would fetch the URL "null".
        ...(batch.nextSkip === undefined ? {} : { next: `${statusUrl(request, id)}?skip=${batch.nextSkip}` }),
        ...(batch.warning === undefined ? {} : { warning: batch.warning }),
        data: batch.pages.flatMap((page) => (page.result === undefined ? [] : [page.result])),
      };
    },
  );

  app.delete(
    `/${version}/batch/scrape/:id`,
    {
      ...readHooks(metering),
      schema: {
        ...common,
        summary: `Firecrawl ${version} batch scrape: cancel`,
        params: CrawlParams,
        response: { 200: CrawlCancelled, 409: firecrawlErrors[400], ...firecrawlErrors },
      },
    },
    async (request) => {
      const outcome = await batches.cancel(callerOf(request), request.params.id);
      if (outcome === undefined) throw jobNotFound();
      if (!outcome.cancelled) throw firecrawlError(409, `The batch scrape is already ${outcome.status}.`);
      return { success: true as const, status: 'cancelled' as const };
    },
  );

  // firecrawl-js v1 asks for the errors with DELETE (sic); v2 with GET.
  app.route({
    method: version === 'v1' ? ['GET', 'DELETE'] : 'GET',
    url: `/${version}/batch/scrape/:id/errors`,
    ...readHooks(metering),
    schema: { ...common, summary: `Firecrawl ${version} batch scrape: errors`, params: CrawlParams, response: { 200: CrawlErrors, ...firecrawlErrors } },
    handler: async (request) => {
      const errors = await batches.errors(callerOf(request), request.params.id);
      if (errors === undefined) throw jobNotFound();
      return { success: true as const, errors, robotsBlocked: [] };
    },
  });
}
