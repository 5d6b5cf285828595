import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { meteredErrorResponses, type Metering } from '../credits/index.js';
import { InvalidInputError, NotFoundError } from '../errors.js';
import { ApiError } from '../http/errors.js';
import { ErrorDetail, StringEnum } from '../http/schema.js';
import type { App } from '../http/server.js';
import { BatchSizeError, BatchWebhooksUnavailableError, TooManyBatchesError, type BatchScrapeUseCase } from '../use-cases/batch-scrape.js';
import { BATCH_EVENTS } from '../use-cases/batch-scrape-events.js';
import { InvalidWebhookError, webhookTargetOf, type WebhookTarget } from '../webhooks/index.js';
import type { NativeBatchOptions, NativeBatchResult } from './batch-page-scraper.js';
import { browserNotInstalledError } from './errors.js';
import { parseScrapeRequest } from './scrape-request.js';
import { MAX_SCRAPE_FORMAT_ITEMS, MAX_URL_LENGTH, RENDER_MODES, SCRAPE_FORMATS } from './schemas.js';

export interface BatchRouteDeps {
  readonly batches: BatchScrapeUseCase<NativeBatchResult>;
  readonly metering: Metering;
  readonly browserAvailable: boolean;
  /** `BATCH_MAX_URLS`. */
  readonly maxUrls: number;
  /** `PUBLIC_URL`, when set: the base of `next`; else the request's own origin. */
  readonly publicUrl: string | undefined;
}

const BatchRequest = Type.Object(
  {
    urls: Type.Array(Type.String({ maxLength: MAX_URL_LENGTH }), {
      minItems: 1,
      maxItems: 1000,
      description: 'The pages to scrape: 1 to `BATCH_MAX_URLS` (at most 1,000).',
    }),
    formats: Type.Array(StringEnum(SCRAPE_FORMATS), {
      minItems: 1,
      maxItems: MAX_SCRAPE_FORMAT_ITEMS,
      description: "As for `POST /api/v1/scrape/`, without the model's formats.",
    }),
    use_cache: Type.Optional(Type.Boolean({ default: true })),
    render: Type.Optional(StringEnum(RENDER_MODES, { default: 'auto' })),
    json_options: Type.Optional(Type.Unknown({ description: 'Refused (400): a batch does not ask a chat model.' })),
    model: Type.Optional(Type.Unknown({ description: 'Refused (400): a batch does not ask a chat model.' })),
    webhook: Type.Optional(
      Type.Unknown({
        description:
          "Where the batch's events go: a URL, or `{url, headers?, metadata?, events?}` (`events` among `started`, `page`, `completed`, `failed`; all by default). " +
          "Sends `batch_scrape.started`, `batch_scrape.page` (one a page), `batch_scrape.completed` and `batch_scrape.failed`, signed with the account's webhook secret (docs/webhooks.md).",
      }),
    ),
  },
  { description: 'URLs to scrape with the options of one scrape.' },
);

const BatchParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const BatchQuery = Type.Object({
  skip: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
  limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
});
const BatchStatusName = Type.String({ description: '`scraping`, `completed`, `failed` or `cancelled`.' });
const BatchPage = Type.Object({
  url: Type.String(),
  status: Type.String({ description: '`pending`, `completed`, `failed` or `skipped` (never scraped: the batch was cancelled or ran out of credits).' }),
  result: Type.Optional(Type.Unknown({ description: 'The `data` of `POST /api/v1/scrape/`, once completed.' })),
  error: Type.Optional(Type.String()),
});
const BatchStatus = Type.Object({
  success: Type.Literal(true),
  id: Type.String(),
  status: BatchStatusName,
  total: Type.Integer(),
  completed: Type.Integer(),
  failed: Type.Integer(),
  credits_used: Type.Integer(),
  expires_at: Type.String(),
  warning: Type.Optional(Type.String()),
  next: Type.Optional(Type.String({ description: 'Absolute URL of the next status page; absent on the last one.' })),
  pages: Type.Array(BatchPage),
});
const BatchErrors = Type.Object({
  success: Type.Literal(true),
  errors: Type.Array(Type.Object({ id: Type.String(), timestamp: Type.String(), url: Type.String(), error: Type.String() })),
});
const readErrors = { 401: Type.Ref(ErrorDetail), 404: Type.Ref(ErrorDetail), 429: Type.Ref(ErrorDetail) };

/** The batch's webhook, checked; a bad one answers 400 `{"webhook": [message]}`. */
function batchWebhook(raw: unknown): WebhookTarget | undefined {
  try {
    return webhookTargetOf(raw, BATCH_EVENTS);
  } catch (error) {
    if (error instanceof InvalidWebhookError) throw InvalidInputError.field('webhook', error.message);
    throw error;
  }
}

const baseUrl = (request: FastifyRequest, publicUrl: string | undefined) => (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

/** The batch's URLs checked as one scrape's would be; a bad one answers 400 `{"urls": {"<index>": [message]}}`. */
function checkUrls(urls: readonly string[]): string[] {
  const problems: Record<string, string[]> = {};
  const checked = urls.map((url, index) => {
    try {
      return parseScrapeRequest({ url, formats: ['markdown'] }).sourceUrl;
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      problems[String(index)] = (error.fields.url as string[] | undefined) ?? ['Enter a valid URL.'];
      return url;
    }
  });
  if (Object.keys(problems).length > 0) throw new InvalidInputError({ urls: problems });
  return checked;
}

/**
 * `POST /api/v1/scrape/batch` (start: a durable job), `GET /api/v1/scrape/batch/{id}` (status and
 * every URL with its result, 100 a page with an absolute `next`), `GET …/{id}/errors`,
 * `DELETE …/{id}` (cancel). Each page is charged as a scrape when it completes, under the key that
 * started the batch.
 */
export function registerBatchRoutes(app: App, deps: BatchRouteDeps): void {
  const { batches, metering } = deps;
  const hooks = { onRequest: metering.hooks.onRequest };
  const callerOf = (request: FastifyRequest) => ({ accountId: request.apiKey!.userId, keyId: request.apiKey!.keyId });
  const common = { tags: ['scrape'], security: [{ ApiKeyAuth: [] }] };

  app.post(
    '/api/v1/scrape/batch',
    {
      ...metering.hooks,
      schema: {
        ...common,
        summary: 'Scrape many pages as one job',
        description:
          'Starts a durable job that scrapes every URL with the same options as `POST /api/v1/scrape/` (without the chat model). ' +
          'Each page is charged as a scrape when it completes (`PRICE_SCRAPE`, + `PRICE_SCRAPE_BROWSER` when rendered; a failed page costs nothing). ' +
          'When the credits run out the batch ends `completed` with a `warning`, the pages not scraped `skipped` and not charged. ' +
          'More than `BATCH_MAX_URLS` URLs answer 400; an account already running `BATCH_MAX_ACTIVE_PER_ACCOUNT` batches gets 429. ' +
          "With a `webhook`, the batch's events are sent to it (400 for a bad one, or when the server has no `KEY_ENCRYPTION_SECRET`).",
        body: BatchRequest,
        response: { 200: Type.Object({ success: Type.Literal(true), id: Type.String(), url: Type.String() }), ...meteredErrorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const webhook = batchWebhook(body.webhook);
      if (body.json_options !== undefined || body.model !== undefined)
        throw InvalidInputError.field('json_options', 'A batch scrape does not ask a chat model.');
      if (body.urls.length > deps.maxUrls) throw InvalidInputError.field('urls', `Ensure this field has no more than ${deps.maxUrls} elements.`);
      const render = body.render ?? 'auto';
      if (render === 'always' && !deps.browserAvailable) throw browserNotInstalledError();
      const urls = checkUrls(body.urls);
      const options: NativeBatchOptions = {
        formats: SCRAPE_FORMATS.filter((format) => body.formats.includes(format)),
        render,
        useCache: body.use_cache ?? true,
      };
      try {
        const { id } = await batches.start(callerOf(request), { urls, options, ...(webhook === undefined ? {} : { webhook }) });
        return { success: true as const, id, url: `${baseUrl(request, deps.publicUrl)}/api/v1/scrape/batch/${id}` };
      } catch (error) {
        if (error instanceof BatchSizeError) throw InvalidInputError.field('urls', error.message);
        if (error instanceof TooManyBatchesError) throw new ApiError(429, { detail: error.message });
        if (error instanceof BatchWebhooksUnavailableError) throw InvalidInputError.field('webhook', error.message);
        throw error;
      }
    },
  );

  app.get(
    '/api/v1/scrape/batch/:id',
    {
      ...hooks,
      schema: {
        ...common,
        summary: 'Batch scrape: status and results',
        params: BatchParams,
        querystring: BatchQuery,
        response: { 200: BatchStatus, ...readErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const skip = Number(request.query.skip ?? 0);
      const limit = request.query.limit === undefined ? undefined : Number(request.query.limit);
      const batch = await batches.status(callerOf(request), id, { skip, ...(limit === undefined ? {} : { limit }), order: 'all' });
      if (batch === undefined) throw new NotFoundError();
      return {
        success: true as const,
        id,
        status: batch.status,
        total: batch.total,
        completed: batch.completed,
        failed: batch.failed,
        credits_used: batch.creditsUsed,
        expires_at: batch.expiresAt.toISOString(),
        ...(batch.warning === undefined ? {} : { warning: batch.warning }),
        ...(batch.nextSkip === undefined ? {} : { next: `${baseUrl(request, deps.publicUrl)}/api/v1/scrape/batch/${id}?skip=${batch.nextSkip}` }),
        pages: batch.pages,
      };
    },
  );

  app.get(
    '/api/v1/scrape/batch/:id/errors',
    { ...hooks, schema: { ...common, summary: 'Batch scrape: the URLs that failed', params: BatchParams, response: { 200: BatchErrors, ...readErrors } } },
    async (request) => {
      const errors = await batches.errors(callerOf(request), request.params.id);
      if (errors === undefined) throw new NotFoundError();
      return { success: true as const, errors };
    },
  );

  app.delete(
    '/api/v1/scrape/batch/:id',
    {
      ...hooks,
      schema: {
        ...common,
        summary: 'Batch scrape: cancel',
        description: 'Stops the batch: pages not yet stored are neither stored nor charged. A batch that already ended answers 409.',
        params: BatchParams,
        response: { 200: Type.Object({ success: Type.Literal(true), status: Type.Literal('cancelled') }), 409: Type.Ref(ErrorDetail), ...readErrors },
      },
    },
    async (request) => {
      const outcome = await batches.cancel(callerOf(request), request.params.id);
      if (outcome === undefined) throw new NotFoundError();
      if (!outcome.cancelled) throw new ApiError(409, { detail: `The batch is already ${outcome.status}.` });
      return { success: true as const, status: 'cancelled' as const };
    },
  );
}
