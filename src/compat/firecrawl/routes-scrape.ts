import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedRunner } from '../../cache/cached.js';
import type { Metering } from '../../credits/index.js';
import type { App } from '../../http/server.js';
import type { ChangeTrackingUseCase } from '../../use-cases/change-tracking.js';
import type { PageTasksUseCase } from '../../use-cases/page-tasks.js';
import { goneDocument, tracked, withMarkdown } from './change-tracking.js';
import { firecrawlErrors, firecrawlSecurity, firecrawlTags, postHooks, VERSIONS } from './route-kit.js';
import { FIRECRAWL_FORMATS, resolveScrapeRequest, type ResolvedScrapeOptions } from './scrape-options.js';
import type { FirecrawlScraper } from './scraper.js';
import { FirecrawlError, ScrapeBody, ScrapeResponse } from './schemas.js';

/** The ledger's `endpoint` of Firecrawl-compatible scrapes. */
export const FIRECRAWL_SCRAPE_ENDPOINT = 'firecrawl/scrape';

export interface ScrapeRouteDeps {
  readonly scraper: FirecrawlScraper;
  readonly metering: Metering;
  /** The model's formats (`json` with a prompt or schema, `summary`, `question`). */
  readonly pageTasks: PageTasksUseCase;
  /** The `changeTracking` format: each account's snapshots of the pages it tracks. */
  readonly changes: ChangeTrackingUseCase;
  /** Unused: the scraper holds the cache. */
  readonly cached?: CachedRunner;
}

/** `POST /v1/scrape` and `POST /v2/scrape`: one page, metered like `POST /api/v1/scrape/` (a cached copy charged in one step). */
export function registerScrapeRoutes(app: App, deps: ScrapeRouteDeps): void {
  const { scraper, metering, changes } = deps;
  for (const version of VERSIONS) {
    app.post(
      `/${version}/scrape`,
      {
        ...postHooks(metering),
        schema: {
          tags: firecrawlTags,
          security: firecrawlSecurity,
          summary: `Firecrawl ${version} scrape`,
          description:
            "Firecrawl-compatible scrape over Quarry's scrape (same SSRF guard, cache and price: `PRICE_SCRAPE`, + `PRICE_SCRAPE_BROWSER` when rendered). " +
            "Formats `markdown`, `html`, `rawHtml`, `links`, `json` (Quarry's structured JSON); options `onlyMainContent` (default true; false: the whole cleaned page), `maxAge`, `timeout`, `waitFor`. " +
            'A chat model writes `{"type": "json", "schema"?, "prompt"?}` (v1: `json` with `jsonOptions`), `summary` and `{"type": "question", "question"}` (the document\'s `answer`), ' +
            "adding its tokens at the default model's price; an extraction that does not validate after one retry answers 422 (the model's tokens charged, not the page); " +
            'without a chat model they answer 503. ' +
            "`changeTracking` compares the page's Markdown with this account's last scrape of it (per `tag`), fetching afresh unless `maxAge` is given: " +
            '`changeTracking.changeStatus` `new`, `same`, `changed` (mode `git-diff`: with `diff.text` and `diff.json`) or `removed` (the page answers 404/410; not charged). ' +
            'The `json` mode is not available yet (400). ' +
            'Options that would change the answer and that Quarry cannot honour (actions, includeTags, location, a system prompt…) answer 400.',
          body: ScrapeBody,
          response: { 200: ScrapeResponse, ...firecrawlErrors, 422: Type.Ref(FirecrawlError) },
        },
      },
      async (request, reply) => {
        const { url, ...options } = request.body;
        const resolved = resolveScrapeRequest(options, scraper.browserAvailable);
        const account = request.apiKey!.userId;
        const read = withMarkdown(resolved);
        try {
          if (resolved.tasks.length > 0) {
            const document = await scrapeWithTasks(request, reply, deps, url, resolved);
            return { success: true as const, data: await tracked(changes, account, url, resolved, document) };
          }
          const page = await metering.run(
            request,
            reply,
            FIRECRAWL_SCRAPE_ENDPOINT,
            scraper.maxCost(read),
            (signal) => scraper.run(account, url, read, signal),
            () => scraper.stored(url, read),
          );
          reply.header('x-cache', page.cached ? 'HIT' : 'MISS');
          return { success: true as const, data: await tracked(changes, account, url, resolved, scraper.answered(page)) };
        } catch (error) {
          const gone = await goneDocument(changes, account, url, resolved.changeTracking, error);
          if (gone === undefined) throw error;
          return { success: true as const, data: gone };
        }
      },
    );
  }
}

/** The page with the model's formats: the page scraped (with the Markdown the model reads), then the model asked. */
async function scrapeWithTasks(request: FastifyRequest, reply: FastifyReply, deps: ScrapeRouteDeps, url: string, resolved: ResolvedScrapeOptions) {
  const { scraper, metering, pageTasks } = deps;
  pageTasks.check(undefined);
  const read = { ...resolved, formats: FIRECRAWL_FORMATS.filter((format) => format === 'markdown' || resolved.formats.includes(format)) };
  const done = await pageTasks.run(metering.callerOf(request, reply), {
    endpoint: FIRECRAWL_SCRAPE_ENDPOINT,
    tasks: resolved.tasks,
    page: {
      maxCost: scraper.maxCost(resolved),
      run: (signal) => scraper.run(request.apiKey!.userId, url, read, signal),
      content: ({ document }) => ({ url: document.metadata.url, title: document.metadata.title, markdown: document.markdown ?? '' }),
    },
  });
  reply.header('x-credits-used', done.charged);
  reply.header('x-credits-remaining', done.balance);
  reply.header('x-cache', done.page.cached ? 'HIT' : 'MISS');
  const { markdown, ...answered } = scraper.answered(done.page);
  return {
    ...answered,
    // Change tracking compares the Markdown, and then leaves it out unless it was asked for.
    ...(resolved.formats.includes('markdown') || resolved.changeTracking !== undefined ? { markdown } : {}),
    ...('json' in done ? { json: done.json } : {}),
    ...(done.summary === undefined ? {} : { summary: done.summary }),
    ...(done.answer === undefined ? {} : { answer: done.answer }),
    ...(done.warnings.length === 0 ? {} : { warning: done.warnings.join(' ') }),
    metadata: { ...answered.metadata, creditsUsed: done.charged },
  };
}
