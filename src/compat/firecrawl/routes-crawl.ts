import type { FastifyRequest } from 'fastify';
import type { Ledger, Metering } from '../../credits/index.js';
import type { App } from '../../http/server.js';
import type { JobQueue } from '../../jobs/index.js';
import { createCrawlUseCase, type CrawlUseCase } from '../../use-cases/crawl.js';
import { planCrawl } from './crawl-plan.js';
import { CRAWL_QUEUE, type CrawlJobData } from './crawl-runner.js';
import type { CrawlStore } from './crawl-store.js';
import type { CrawlEvents } from './crawl-webhook.js';
import type { FirecrawlDocument } from './document.js';
import { badRequest, firecrawlError, jobNotFound } from './errors.js';
import { firecrawlErrors, firecrawlSecurity, firecrawlTags, postHooks, readHooks, VERSIONS, type FirecrawlVersion } from './route-kit.js';
import { CrawlBody, CrawlCancelled, CrawlErrors, CrawlPageQuery, CrawlParams, CrawlStarted, CrawlStatus } from './schemas.js';

export interface CrawlRouteDeps {
  readonly store: CrawlStore;
  readonly queue: JobQueue;
  readonly ledger: Ledger;
  readonly metering: Metering;
  /** `FIRECRAWL_CRAWL_MAX_PAGES`. */
  readonly maxPages: number;
  readonly delayMs: number;
  readonly pricePerPage: number;
  /** `FIRECRAWL_CRAWL_PAGE_BYTES`: most bytes of documents on one status page. */
  readonly maxPageBytes: number;
  /** `PUBLIC_URL`, when set: the base of `url` and `next`; else the request's own origin. */
  readonly publicUrl: string | undefined;
  /** The crawl's webhook events; `webhooksAvailable` false: a crawl with a webhook is refused. */
  readonly events: CrawlEvents;
  readonly webhooksAvailable: boolean;
  readonly now: () => Date;
}

function baseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

/** A status query's number: absent stays absent (the use case's default), digits become a number. */
const queryNumber = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/**
 * `POST /v{1,2}/crawl` (start: a durable job), `GET /v{1,2}/crawl/{id}` (status and documents,
 * 100 and at most `maxPageBytes` per page, with an absolute `next`), `DELETE /v{1,2}/crawl/{id}` (cancel). Pages are charged
 * `PRICE_SCRAPE` each as they are crawled, under the key that started the crawl.
 */
export function registerCrawlRoutes(app: App, deps: CrawlRouteDeps): void {
  const { store, queue } = deps;
  const crawls = createCrawlUseCase<FirecrawlDocument>({
    store,
    enqueue: async (crawlId) => {
      await queue.send<CrawlJobData>(CRAWL_QUEUE, { crawlId });
    },
    ledger: deps.ledger,
    pricePerPage: deps.pricePerPage,
    maxPageBytes: deps.maxPageBytes,
    now: deps.now,
  });
  for (const version of VERSIONS) registerVersion(app, deps, version, crawls);
}

function registerVersion(app: App, deps: CrawlRouteDeps, version: FirecrawlVersion, crawls: CrawlUseCase<FirecrawlDocument>): void {
  const { metering } = deps;
  const callerOf = (request: FastifyRequest) => ({ accountId: request.apiKey!.userId, keyId: request.apiKey!.keyId });
  const common = { tags: firecrawlTags, security: firecrawlSecurity };
  app.post(
    `/${version}/crawl`,
    {
      ...postHooks(metering),
      schema: {
        ...common,
        summary: `Firecrawl ${version} crawl: start`,
        description:
          "Starts a crawl with Quarry's crawler (robots.txt, sitemaps, `CRAWL_DELAY_MS` between requests to a host) as a durable job. " +
          'Each page is charged `PRICE_SCRAPE` as it is crawled; the crawl ends cleanly, with a warning, when the credits run out. ' +
          '`limit`, `maxDiscoveryDepth` (`maxDepth` in v1), `allowExternalLinks`, `crawlEntireDomain`, `includePaths`, `excludePaths`, `regexOnFullURL`, `delay`, `scrapeOptions.formats`, `scrapeOptions.onlyMainContent`, ' +
          "`webhook` (a URL or `{url, headers, metadata, events}`: `crawl.started`, `crawl.page`, `crawl.completed`, `crawl.failed`, signed with the account's webhook secret; see docs/webhooks.md).",
        body: CrawlBody,
        response: { 200: CrawlStarted, ...firecrawlErrors },
      },
    },
    async (request) => {
      const plan = planCrawl(request.body, deps.maxPages, deps.delayMs);
      if (plan.webhook !== undefined && !deps.webhooksAvailable)
        throw badRequest('webhook is not available on this server (KEY_ENCRYPTION_SECRET is not set); poll the crawl status');
      // A crawl that could not pay for its first page is refused up front (402), as Firecrawl does.
      const caller = callerOf(request);
      const { id } = await crawls.start(caller, { seed: plan.seed, plan });
      // Stored before the answer: the receiver hears of the crawl once, whichever instance runs it.
      await deps.events.started({ id, userId: caller.accountId }, plan);
      return { success: true as const, id, url: `${baseUrl(request, deps.publicUrl)}/${version}/crawl/${id}` };
    },
  );

  app.get(
    `/${version}/crawl/:id`,
    {
      ...readHooks(metering),
      schema: {
        ...common,
        summary: `Firecrawl ${version} crawl: status`,
        params: CrawlParams,
        querystring: CrawlPageQuery,
        response: { 200: CrawlStatus, ...firecrawlErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const crawl = await crawls.status(callerOf(request), id, { skip: Number(request.query.skip ?? 0), limit: queryNumber(request.query.limit) });
      if (crawl === undefined) throw jobNotFound();
      return {
        success: true as const,
        status: crawl.status,
        completed: crawl.completed,
        total: crawl.total,
        creditsUsed: crawl.creditsUsed,
        expiresAt: crawl.expiresAt.toISOString(),
        // Absent, never null, on the last page: firecrawl-js v1 would fetch the URL "null".
        ...(crawl.nextSkip === undefined ? {} : { next: `${baseUrl(request, deps.publicUrl)}/${version}/crawl/${id}?skip=${crawl.nextSkip}` }),
        ...(crawl.warning === undefined ? {} : { warning: crawl.warning }),
        data: crawl.documents,
      };
    },
  );

  app.delete(
    `/${version}/crawl/:id`,
    {
      ...readHooks(metering),
      schema: {
        ...common,
        summary: `Firecrawl ${version} crawl: cancel`,
        params: CrawlParams,
        response: { 200: CrawlCancelled, 409: firecrawlErrors[400], ...firecrawlErrors },
      },
    },
    async (request) => {
      const outcome = await crawls.cancel(callerOf(request), request.params.id);
      if (outcome === undefined) throw jobNotFound();
      if (!outcome.cancelled) throw firecrawlError(409, `The crawl is already ${outcome.status}.`);
      return { success: true as const, status: 'cancelled' as const };
    },
  );

  // firecrawl-js v1 asks for the errors with DELETE (sic); v2 with GET.
  app.route({
    method: version === 'v1' ? ['GET', 'DELETE'] : 'GET',
    url: `/${version}/crawl/:id/errors`,
    ...readHooks(metering),
    schema: { ...common, summary: `Firecrawl ${version} crawl: errors`, params: CrawlParams, response: { 200: CrawlErrors, ...firecrawlErrors } },
    handler: async (request) => {
      const errors = await crawls.errors(callerOf(request), request.params.id);
      if (errors === undefined) throw jobNotFound();
      return { success: true as const, ...errors };
    },
  });
}
