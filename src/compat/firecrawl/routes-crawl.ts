import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Ledger } from '../../credits/ledger.js';
import { InsufficientCreditsError } from '../../credits/ledger.js';
import type { Metering } from '../../credits/metering.js';
import type { App } from '../../http/server.js';
import type { JobQueue } from '../../jobs/index.js';
import { planCrawl } from './crawl-plan.js';
import { CRAWL_QUEUE, type CrawlJobData } from './crawl-runner.js';
import { CRAWL_RETENTION_MS, type CrawlRow, type CrawlStore } from './crawl-store.js';
import { firecrawlError, jobNotFound } from './errors.js';
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
  readonly now: () => Date;
}

/** Status pages hold at most this many documents (and `maxPageBytes` of them); `next` points to the following page. */
const PAGE_SIZE = 100;

function baseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

/** The crawl of the caller's account, or Firecrawl's 404. */
async function ownCrawl(deps: CrawlRouteDeps, request: FastifyRequest, id: string): Promise<CrawlRow> {
  const crawl = await deps.store.find(id, request.apiKey!.userId);
  if (crawl === undefined) throw jobNotFound();
  return crawl;
}

/**
 * `POST /v{1,2}/crawl` (start: a durable job), `GET /v{1,2}/crawl/{id}` (status and documents,
 * 100 and at most `maxPageBytes` per page, with an absolute `next`), `DELETE /v{1,2}/crawl/{id}` (cancel). Pages are charged
 * `PRICE_SCRAPE` each as they are crawled, under the key that started the crawl.
 */
export function registerCrawlRoutes(app: App, deps: CrawlRouteDeps): void {
  const { store, queue, metering } = deps;
  for (const version of VERSIONS) registerVersion(app, deps, version, store, queue, metering);
}

function registerVersion(app: App, deps: CrawlRouteDeps, version: FirecrawlVersion, store: CrawlStore, queue: JobQueue, metering: Metering): void {
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
          '`limit`, `maxDiscoveryDepth` (`maxDepth` in v1), `allowExternalLinks`, `crawlEntireDomain`, `includePaths`, `excludePaths`, `regexOnFullURL`, `delay`, `scrapeOptions.formats`.',
        body: CrawlBody,
        response: { 200: CrawlStarted, ...firecrawlErrors },
      },
    },
    async (request) => {
      const plan = planCrawl(request.body, deps.maxPages, deps.delayMs);
      const key = request.apiKey!;
      // A crawl that could not pay for its first page is refused up front, as Firecrawl does.
      const balance = await deps.ledger.balance(key.userId);
      if (balance < deps.pricePerPage) throw new InsufficientCreditsError(balance);
      // Finished crawls are kept until their expiresAt (24 h after their end), as Firecrawl keeps them; starting one sweeps the old.
      await store.deleteExpired();
      const id = randomUUID();
      await store.create({ id, userId: key.userId, apiKeyId: key.keyId, url: plan.seed, options: JSON.stringify(plan) });
      await queue.send<CrawlJobData>(CRAWL_QUEUE, { crawlId: id });
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
      const crawl = await ownCrawl(deps, request, request.params.id);
      const skip = Number(request.query.skip ?? 0);
      const limit = Math.min(PAGE_SIZE, Number(request.query.limit ?? PAGE_SIZE)) || PAGE_SIZE;
      const { documents: data, more } = await store.pages(crawl.id, skip, limit, deps.maxPageBytes);
      return {
        success: true as const,
        status: crawl.status,
        completed: crawl.completed,
        total: Math.max(crawl.total, crawl.completed),
        creditsUsed: crawl.creditsUsed,
        // As Firecrawl: a running crawl expires a day from now, a finished one a day after its end.
        expiresAt: crawl.status === 'scraping' ? new Date(deps.now().getTime() + CRAWL_RETENTION_MS).toISOString() : crawl.expiresAt,
        // Absent, never null, on the last page: firecrawl-js v1 would fetch the URL "null".
        ...(more ? { next: `${baseUrl(request, deps.publicUrl)}/${version}/crawl/${crawl.id}?skip=${skip + data.length}` } : {}),
        ...(crawl.warning === null ? {} : { warning: crawl.warning }),
        data,
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
      await ownCrawl(deps, request, request.params.id);
      const crawl = await store.cancel(request.params.id, request.apiKey!.userId);
      if (crawl === undefined) throw jobNotFound();
      if (crawl.status !== 'cancelled') throw firecrawlError(409, `The crawl is already ${crawl.status}.`);
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
      const crawl = await ownCrawl(deps, request, request.params.id);
      return { success: true as const, ...(await store.errors(crawl.id)) };
    },
  });
}
