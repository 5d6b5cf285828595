import { Type } from '@sinclair/typebox';
import { type Metering, meteredErrorResponses } from '../credits/index.js';
import { ServerError } from '../http/schema.js';
import type { App } from '../http/server.js';
import type { ChangeTrackingOptions } from '../changes/index.js';
import type { ChangeTrackingUseCase, TrackedChange } from '../use-cases/change-tracking.js';
import type { PageTasksResult, PageTasksUseCase } from '../use-cases/page-tasks.js';
import { SCRAPE_USE_CASE_ENDPOINT, type ScrapeOutput, type ScrapeUseCase } from '../use-cases/scrape.js';
import { InvalidInputError } from '../errors.js';
import { changeTrackingOf } from './change-tracking-request.js';
import { browserNotInstalledError, ScrapeError } from './errors.js';
import { screenshotNeedsBrowserMessage } from './screenshots/unavailable.js';
import { pageFormatsFor, pageTasksOf } from './page-tasks-request.js';
import { parseScrapeRequest } from './scrape-request.js';
import { ScrapeRequestBody, ScrapeResponse } from './schemas.js';
import { scrapeAnswer } from './answer.js';

/** The ledger's and the cache's `endpoint` of every scrape. */
export const SCRAPE_ENDPOINT = SCRAPE_USE_CASE_ENDPOINT;

export interface ScrapeRouteDeps {
  /** The scrape operation, over the process's scrape service and result cache (`SCRAPE_CACHE_TTL`, `CACHE_HIT_CHARGE`). */
  readonly scrape: ScrapeUseCase;
  readonly metering: Metering;
  /** `summary` and `json` with `json_options`: the page given to a chat model. */
  readonly pageTasks: PageTasksUseCase;
  /** The `changeTracking` format: this account's snapshots of the pages it tracks. */
  readonly changes: ChangeTrackingUseCase;
}

/**
 * `POST /api/v1/scrape/`: authenticate → throttle → validate → a cached result is charged in
 * one step; otherwise hold the most the scrape can cost → scrape → charge only for content.
 */
export function registerScrapeRoutes(app: App, deps: ScrapeRouteDeps): void {
  const { scrape, metering, pageTasks, changes } = deps;
  app.post(
    '/api/v1/scrape/',
    {
      ...metering.hooks,
      schema: {
        tags: ['scrape'],
        security: [{ ApiKeyAuth: [] }],
        summary: 'Scrape a page to Markdown, plain text or JSON',
        description:
          'Fetches the page (rendering it in a headless browser when it needs JavaScript or stands behind an anti-bot challenge), ' +
          'removes boilerplate and returns the requested formats. Charged `PRICE_SCRAPE` (+ `PRICE_SCRAPE_BROWSER` when the browser was needed) ' +
          'only when the target answered 2xx and content was extracted; a non-2xx target answers 502 and costs nothing. ' +
          'Results are cached for `SCRAPE_CACHE_TTL` seconds (`X-Cache: HIT|MISS`). ' +
          "`summary`, and `json` with `json_options`, give the page's main content to a chat model (`model`) and add its tokens at that model's price; " +
          "an extraction that does not validate against the schema after one retry answers 422 and charges the model's tokens only. " +
          'A server without a chat model answers 503 for them. ' +
          '`screenshot` renders the page (charged `PRICE_SCRAPE` + `PRICE_SCRAPE_BROWSER`, never served from the cache) and answers in `data.screenshot` ' +
          'an unguessable URL of the PNG or JPEG that needs no API key and expires after `SCREENSHOT_TTL` seconds; without Chromium it answers 400. ' +
          "`changeTracking` fetches the page afresh and compares its Markdown with this account's last scrape of the URL (per `change_tracking.tag`): " +
          '`data.changeTracking` as Firecrawl writes it (`new`, `same`, `changed` with a git-style `diff`, `removed` when the page now answers 404 or 410 — ' +
          'a 200 that costs nothing, when the account has a snapshot of it). Priced as the scrape.',
        body: Type.Ref(ScrapeRequestBody),
        response: {
          200: Type.Ref(ScrapeResponse),
          ...meteredErrorResponses,
          422: Type.Ref(ServerError, { description: "The model's JSON did not validate against `json_options.schema`, also after a retry." }),
        },
      },
    },
    async (request, reply) => {
      const { input, useCache, sourceUrl } = parseScrapeRequest(request.body);
      const { screenshot } = input;
      // Refused before the hold: a server without a browser cannot do this, whatever the page.
      if (screenshot !== undefined && !scrape.browserAvailable) throw InvalidInputError.field('formats', screenshotNeedsBrowserMessage());
      if (input.render === 'always' && !scrape.browserAvailable) throw browserNotInstalledError();
      const tasks = pageTasksOf(request.body);
      const tracking = changeTrackingOf(request.body);
      const account = request.apiKey!.userId;
      // A change is between two fetches of the page: a stored copy would only ever be `same`.
      const fresh = tracking === undefined ? useCache : false;
      /** The Markdown compared with the snapshot, and the answer's `changeTracking`; the scrape's error stands otherwise. */
      const tracked = async (markdown: string | undefined): Promise<TrackedChange | undefined> =>
        tracking === undefined ? undefined : changes.track(account, input.url, tracking, markdown ?? '');
      try {
        if (tasks.length > 0) {
          pageTasks.check(request.body.model);
          const done = await pageTasks.run(metering.callerOf(request, reply), {
            endpoint: SCRAPE_ENDPOINT,
            model: request.body.model,
            tasks,
            page: {
              maxCost: scrape.maxCostOf(input.render, screenshot !== undefined),
              run: (signal) => scrape.run(account, { ...input, formats: pageFormatsFor(request.body), useCache: fresh }, signal),
              content: ({ result }) => ({
                url: result.data.metadata.url,
                title: result.data.metadata.title ?? undefined,
                markdown: result.data.markdown ?? '',
              }),
            },
          });
          reply.header('x-credits-used', done.charged);
          reply.header('x-credits-remaining', done.balance);
          reply.header('x-cache', done.page.cached ? 'HIT' : 'MISS');
          return withChange(taskAnswer(done, request.body.formats, sourceUrl), await tracked(done.page.result.data.markdown));
        }
        const formats = tracking === undefined ? input.formats : [...new Set([...input.formats, 'markdown' as const])];
        const page = { ...input, formats, useCache: fresh };
        // A hit's cost is that of the stored scrape (with the browser's surcharge only if it rendered).
        const { result, cached } = await metering.run(
          request,
          reply,
          SCRAPE_ENDPOINT,
          scrape.maxCostOf(input.render, screenshot !== undefined),
          (signal) => scrape.run(account, page, signal),
          () => scrape.stored(page),
        );
        reply.header('x-cache', cached ? 'HIT' : 'MISS');
        const answer = scrapeAnswer(result, { cache: cached ? 'hit' : 'miss', source_url: sourceUrl });
        const change = await tracked(result.data.markdown);
        if (tracking !== undefined && !request.body.formats.includes('markdown')) delete (answer.data as { markdown?: string }).markdown;
        return withChange(answer, change);
      } catch (error) {
        const removed = tracking === undefined ? undefined : await goneAnswer(error, { account, url: input.url, sourceUrl, tracking, changes });
        if (removed === undefined) throw error;
        return removed;
      }
    },
  );
}

/** The answer with the page's `changeTracking` and what the comparison could not show among its warnings. */
function withChange<A extends { data: { metadata: { warnings?: string[] } } }>(answer: A, change: TrackedChange | undefined): A {
  if (change === undefined) return answer;
  const { metadata } = answer.data;
  return {
    ...answer,
    data: { ...answer.data, changeTracking: change.changeTracking, metadata: { ...metadata, warnings: [...(metadata.warnings ?? []), ...change.warnings] } },
  };
}

/**
 * A tracked page that now answers 404 or 410, when the account has a snapshot of it: a 200 whose
 * `changeTracking` says `removed` (nothing was charged: the scrape found no content). Undefined
 * for any other failure, which answers as usual.
 */
async function goneAnswer(
  error: unknown,
  context: { account: number; url: string; sourceUrl: string; tracking: ChangeTrackingOptions; changes: ChangeTrackingUseCase },
) {
  if (!(error instanceof ScrapeError) || error.code !== 'target_status') return undefined;
  const changeTracking = await context.changes.removed(context.account, context.url, context.tracking, error.targetStatus);
  if (changeTracking === undefined) return undefined;
  return {
    success: true,
    data: {
      changeTracking,
      metadata: {
        title: null,
        description: null,
        status_code: error.targetStatus!,
        url: context.url,
        source_url: context.sourceUrl,
        content_type: null,
        language: null,
        canonical_url: null,
        published: null,
        author: null,
        site_name: null,
        engine: 'fetch' as const,
        cache: 'miss' as const,
        warnings: [error.message],
      },
    },
  };
}

/** The answer of a scrape with model tasks: the asked page formats, the model's `json` and `summary`, and its warnings. */
function taskAnswer(done: PageTasksResult<ScrapeOutput>, asked: readonly string[], sourceUrl: string) {
  const { metadata, ...formats } = done.page.result.data;
  const extracted = 'json' in done;
  return {
    success: true,
    data: {
      ...Object.fromEntries(Object.entries(formats).filter(([format]) => asked.includes(format) && !(format === 'json' && extracted))),
      ...(extracted ? { json: done.json } : {}),
      ...(done.summary === undefined ? {} : { summary: done.summary }),
      metadata: {
        ...metadata,
        warnings: [...(metadata.warnings ?? []), ...done.warnings],
        cache: done.page.cached ? ('hit' as const) : ('miss' as const),
        source_url: sourceUrl,
      },
    },
  };
}
