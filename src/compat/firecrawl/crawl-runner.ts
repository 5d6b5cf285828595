/**
 * The job behind a Firecrawl-compatible crawl: Quarry's crawler (robots.txt, sitemaps, politeness,
 * the guarded fetch engine) with a page sink that turns each fetched page into a Firecrawl
 * document, charges it as a scrape and stores it. Every fetched page is charged and counts toward
 * `limit`, kept or not; links outside the crawl's paths are never fetched. The frontier belongs
 * to this crawl alone and is deleted when it ends. The crawl stops as soon as it is cancelled
 * (even in a pause between pages), and ends cleanly (status `completed`, with a warning) when the
 * credits run out.
 *
 * Crawl slots are shared fairly: a crawl runs only while it holds a slot lease, and an account
 * holds at most `slotsPerAccount` of them (across instances); its further crawls go back to the
 * queue to try again a little later, so other accounts' crawls take the free workers meanwhile.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { InsufficientCreditsError, type Hold, type Ledger } from '../../credits/index.js';
import type { Database } from '../../db/schema.js';
import type { Job } from '../../jobs/index.js';
import { createCrawler, discardFrontier } from '../../crawl/index.js';
import type { Indexer, IndexOutcome } from '../../local-index/index.js';
import type { FetchEngine } from '../../scrape/net/index.js';
import { type CrawlPlan, wanted } from './crawl-plan.js';
import type { CrawlRow, CrawlStore } from './crawl-store.js';
import type { CrawlEvents } from './crawl-webhook.js';
import { buildDocument } from './document.js';
import { poolReaders, type PageReaderPool } from './page-html.js';

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
  /** Reads each crawled (untrusted) page off the event loop: the app's worker pool, in the crawling account's lane. */
  readonly reader: PageReaderPool;
  /** Credits per crawled page with content (`PRICE_SCRAPE`). */
  readonly pricePerPage: number;
  readonly holdTtlSeconds: number;
  /** Crawls one account runs at once, across instances: half of `CRAWL_JOB_CONCURRENCY`, rounded up. */
  readonly slotsPerAccount: number;
  /** Puts the crawl back in the queue, to be tried again after `afterSeconds` (its account had no free slot). */
  readonly requeue: (crawlId: string, afterSeconds: number) => Promise<void>;
  /** The crawl's webhook events, stored with the progress they tell of. */
  readonly events: CrawlEvents;
  readonly now: () => Date;
  readonly log: FastifyBaseLogger;
}

/** What a crawl that broke on the server tells its status and its webhook. */
const FAILED_MESSAGE = 'The crawl failed on the server.';

/** A crawl's slot lease; renewed while it runs, so a crawl whose instance died frees its account's slot after this. */
const SLOT_LEASE_MS = 60_000;
/** How often a running crawl looks for its cancellation (from any instance) and renews its slot when due. */
const WATCH_INTERVAL_MS = 500;
/** A crawl whose account had no free slot tries again after this many seconds. */
const SLOT_RETRY_SECONDS = 3;

/** The owner of a crawl's frontier: the crawl itself, never its seed or settings. */
const frontierOwner = (crawlId: string) => `firecrawl:${crawlId}`;

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
    if (crawl === undefined) return;
    if (crawl.status !== 'scraping') {
      await discardFrontier(deps.db, frontierOwner(crawl.id));
      return;
    }
    if (!(await store.takeSlot(crawl.id, crawl.userId, deps.slotsPerAccount, SLOT_LEASE_MS))) {
      await deps.requeue(crawl.id, SLOT_RETRY_SECONDS);
      return;
    }
    try {
      await runWithSlot(crawl, shutdown);
    } finally {
      await store.releaseSlot(crawl.id);
    }
  }

  async function runWithSlot(crawl: CrawlRow, shutdown: AbortSignal): Promise<void> {
    const plan = JSON.parse(crawl.options) as CrawlPlan;
    const stop = new AbortController();
    let stopReason: StopReason | undefined;
    let found = 0;
    const halt = (reason: StopReason, error: Error): never => {
      stopReason = reason;
      stop.abort(error);
      throw error;
    };

    const owner = String(crawl.userId);
    const readers = poolReaders(deps.reader, undefined, owner);
    const sink: Indexer = {
      async indexHtml(html, url): Promise<IndexOutcome> {
        if ((await store.status(crawl.id)) !== 'scraping') halt('cancelled', new Error('crawl cancelled'));
        const facts = await readers.readPage(html, url);
        const stored = { url, created: true, records: {} };
        const { extracted } = facts;
        const cost = extracted.markdown.trim() === '' && extracted.text.trim() === '' ? 0 : deps.pricePerPage;
        let hold: Hold | undefined;
        try {
          hold = await charge(crawl, cost);
        } catch (error) {
          if (error instanceof InsufficientCreditsError) halt('credits', error);
          throw error;
        }
        // Fetched and read, so paid for like any scrape; only a redirect (or the seed itself) can land outside the paths.
        if (!wanted(plan, new URL(url))) {
          if (hold !== undefined) await ledger.settle(hold.id, cost);
          await store.addCredits(crawl.id, cost);
          return { status: 'skipped', reason: "outside the crawl's paths", facts };
        }
        const document = await buildDocument(
          { sourceUrl: url, finalUrl: url, statusCode: 200, contentType: 'text/html', page: extracted, markdown: extracted.markdown, html, links: facts.links },
          plan.formats,
          readers,
          plan.onlyMainContent ?? true,
        );
        document.metadata.creditsUsed = cost;
        if (!(await store.addPage(crawl.id, url, document, (trx) => deps.events.page(crawl, plan, document, trx)))) {
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
    // A cancel, from whichever instance, stops the crawl within one interval, in a pause between pages too.
    let lastRenewal = deps.now().getTime();
    const watch = setInterval(() => {
      const renew = deps.now().getTime() - lastRenewal >= SLOT_LEASE_MS / 4;
      const read = renew ? store.renewSlot(crawl.id, SLOT_LEASE_MS) : store.status(crawl.id);
      if (renew) lastRenewal = deps.now().getTime();
      read.then(
        (status) => {
          if (status !== 'scraping' && stopReason === undefined) {
            stopReason = 'cancelled';
            stop.abort(new Error('crawl cancelled'));
          }
        },
        (error: unknown) => deps.log.warn({ err: error, crawlId: crawl.id }, 'could not check the crawl for a cancel'),
      );
    }, WATCH_INTERVAL_MS);
    const settings = { maxPages: plan.limit, maxDepth: plan.maxDepth, sameHost: plan.sameHost };
    try {
      await crawler.crawl({
        seed: plan.seed,
        owner: frontierOwner(crawl.id),
        follow: (url) => wanted(plan, url),
        ...settings,
        signal: AbortSignal.any([stop.signal, shutdown]),
        onProgress: (progress) => {
          found = Math.min(plan.limit, progress.done + progress.queued);
          note(progress.url, progress.outcome, progress.reason);
        },
      });
      await noted;
      await store.finish(crawl.id, 'completed', null, (trx) => deps.events.completed(crawl, plan, trx));
    } catch (error) {
      await noted;
      // Shutting down: the job is taken up again after the restart and its frontier resumes.
      if (shutdown.aborted && stopReason === undefined) throw error;
      if (stopReason === undefined) {
        deps.log.error({ err: error, crawlId: crawl.id }, 'crawl failed');
        await store.finish(crawl.id, 'failed', FAILED_MESSAGE, (trx) => deps.events.failed(crawl, plan, FAILED_MESSAGE, trx));
      } else if (stopReason === 'credits') {
        await store.finish(crawl.id, 'completed', OUT_OF_CREDITS_WARNING, (trx) => deps.events.completed(crawl, plan, trx));
      }
      // The stopped crawl's frontier goes with it.
      await discardFrontier(deps.db, frontierOwner(crawl.id));
    } finally {
      clearInterval(watch);
    }
  }

  return { run };
}
