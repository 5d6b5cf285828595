/**
 * The job behind a Firecrawl-compatible crawl: Quarry's crawler (robots.txt, sitemaps, politeness,
 * the guarded fetch engine) with a page sink that turns each fetched page into a Firecrawl
 * document, charges it as a scrape and stores it. The crawl stops at its next page when it was
 * cancelled, and ends cleanly (status `completed`, with a warning) when the credits run out.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { InsufficientCreditsError, type Hold, type Ledger } from '../../credits/ledger.js';
import type { Database } from '../../db/schema.js';
import type { Job } from '../../jobs/index.js';
import { createCrawler } from '../../local-index/crawl/crawler.js';
import { openFrontier } from '../../local-index/crawl/frontier.js';
import type { Indexer, IndexOutcome } from '../../local-index/indexer.js';
import { pageKey } from '../../local-index/url-facts.js';
import type { FetchEngine } from '../../scrape/net/index.js';
import type { CrawlPlan } from './crawl-plan.js';
import { wanted } from './crawl-plan.js';
import type { CrawlStore } from './crawl-store.js';
import { buildDocument } from './document.js';
import type { ReadPage } from './page-html.js';

export const CRAWL_QUEUE = 'firecrawl-crawl';
export const CRAWL_ENDPOINT = 'firecrawl/crawl';
export const OUT_OF_CREDITS_WARNING = 'The crawl stopped because the account ran out of credits.';

export interface CrawlJobData {
  readonly crawlId: string;
}

export interface CrawlRunnerDeps {
  readonly db: Kysely<Database>;
  readonly store: CrawlStore;
  readonly ledger: Ledger;
  /** The crawler's fetch engine, sending `userAgent`. */
  readonly fetchEngine: FetchEngine;
  readonly userAgent: string;
  /** Reads each crawled (untrusted) page off the event loop: the app's worker pool. */
  readonly readPage: ReadPage;
  /** Credits per crawled page with content (`PRICE_SCRAPE`). */
  readonly pricePerPage: number;
  readonly holdTtlSeconds: number;
  readonly now: () => Date;
  readonly log: FastifyBaseLogger;
}

/** The crawler's reason for a page robots.txt disallows. */
const ROBOTS_REASON = 'disallowed by robots.txt';

/** Why the runner stopped the crawler itself. */
type StopReason = 'cancelled' | 'credits';

export function createCrawlRunner(deps: CrawlRunnerDeps) {
  const { store, ledger } = deps;

  /** Charges one page as a scrape; InsufficientCreditsError when the balance cannot cover it. */
  async function charge(crawl: { id: string; userId: number; apiKeyId: number }, cost: number): Promise<Hold | undefined> {
    if (cost === 0) return undefined;
    return ledger.hold(crawl.userId, cost, {
      apiKeyId: crawl.apiKeyId,
      endpoint: CRAWL_ENDPOINT,
      requestId: `crawl:${crawl.id}`,
      ttlSeconds: deps.holdTtlSeconds,
    });
  }

  async function run(job: Job<CrawlJobData>, shutdown: AbortSignal): Promise<void> {
    const crawl = await store.find(job.data.crawlId);
    if (crawl === undefined || crawl.status !== 'scraping') return;
    const plan = JSON.parse(crawl.options) as CrawlPlan;
    const stop = new AbortController();
    let stopReason: StopReason | undefined;
    let found = 0;
    const halt = (reason: StopReason, error: Error): never => {
      stopReason = reason;
      stop.abort(error);
      throw error;
    };

    const sink: Indexer = {
      async indexHtml(html, url): Promise<IndexOutcome> {
        if ((await store.status(crawl.id)) !== 'scraping') halt('cancelled', new Error('crawl cancelled'));
        const facts = await deps.readPage(html, url);
        const stored = { url, created: true, records: {} };
        if (!wanted(plan, new URL(url))) return { status: 'skipped', reason: "outside the crawl's paths", facts };
        const { extracted } = facts;
        const document = await buildDocument(
          { sourceUrl: url, finalUrl: url, statusCode: 200, contentType: 'text/html', page: extracted, markdown: extracted.markdown, html, links: facts.links },
          plan.formats,
          deps.readPage,
        );
        const cost = extracted.markdown.trim() === '' && extracted.text.trim() === '' ? 0 : deps.pricePerPage;
        let hold: Hold | undefined;
        try {
          hold = await charge(crawl, cost);
        } catch (error) {
          if (error instanceof InsufficientCreditsError) halt('credits', error);
          throw error;
        }
        document.metadata.creditsUsed = cost;
        if (!(await store.addPage(crawl.id, url, document))) {
          if (hold !== undefined) await ledger.release(hold.id);
          return { status: 'indexed', page: { ...stored, created: false }, facts };
        }
        if (hold !== undefined) await ledger.settle(hold.id, cost);
        await store.progress(crawl.id, cost, found);
        return { status: 'indexed', page: stored, facts };
      },
    };

    // Progress arrives synchronously; its writes go one after the other and are awaited before the crawl ends.
    let noted: Promise<void> = Promise.resolve();
    const note = (url: string, outcome: string, reason: string | undefined) => {
      const robots = reason === ROBOTS_REASON;
      if (outcome === 'failed' || robots) noted = noted.then(() => store.addError(crawl.id, url, reason ?? 'failed', robots));
    };

    const crawler = createCrawler({
      db: deps.db,
      fetchEngine: deps.fetchEngine,
      indexer: sink,
      userAgent: deps.userAgent,
      delayMs: plan.delayMs,
      now: deps.now,
    });
    const settings = { maxPages: plan.limit, maxDepth: plan.maxDepth, sameHost: plan.sameHost };
    try {
      await crawler.crawl({
        seed: plan.seed,
        ...settings,
        signal: AbortSignal.any([stop.signal, shutdown]),
        onProgress: (progress) => {
          found = Math.min(plan.limit, progress.done + progress.queued);
          note(progress.url, progress.outcome, progress.reason);
        },
      });
      await noted;
      await store.finish(crawl.id, 'completed');
    } catch (error) {
      await noted;
      // Shutting down: the job is taken up again after the restart and its frontier resumes.
      if (shutdown.aborted && stopReason === undefined) throw error;
      if (stopReason === undefined) {
        deps.log.error({ err: error, crawlId: crawl.id }, 'crawl failed');
        await store.finish(crawl.id, 'failed', 'The crawl failed on the server.');
      } else if (stopReason === 'credits') {
        await store.finish(crawl.id, 'completed', OUT_OF_CREDITS_WARNING);
      }
      // The stopped crawl's frontier is closed, so a later crawl of the same site starts afresh.
      await (await openFrontier(deps.db, pageKey(plan.seed), settings, deps.now)).finish();
    }
  }

  return { run };
}
