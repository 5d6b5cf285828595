/**
 * The job behind a batch scrape: scrapes the batch's URLs a few at a time, each under a hold of
 * its own that is settled once the page is stored. The page's hold id is written on its row
 * before the scrape, so a batch taken up again after its process died (a SIGKILL, a lost
 * instance) knows what it left open: a stored page is settled (a second settle charges nothing),
 * a page it was still scraping has its hold released and is scraped again. No page is charged
 * twice, and a page is stored only while the batch runs, so a cancel stores and charges nothing more.
 * When the credits run out the batch ends cleanly: status `completed`, with a warning, and the
 * pages never scraped are `skipped` and cost nothing.
 * A batch with a webhook stores each page's event with the page, and its end's with its end: a
 * cancelled batch stores neither, so it sends no further events.
 */
import type { FastifyBaseLogger } from 'fastify';
import { InsufficientCreditsError, type Hold, type Ledger, type WorkOutcome } from '../credits/index.js';
import type { Job } from '../jobs/index.js';
import { BATCH_ENDPOINT, type BatchRecord, type BatchState, type InTransaction } from './batch-scrape.js';
import type { BatchEvents } from './batch-scrape-events.js';

export const OUT_OF_CREDITS_WARNING = 'The batch stopped because the account ran out of credits; the pages not scraped were not charged.';

/** What a batch that broke on the server tells its status and its webhook. */
const BATCH_FAILED = 'The batch failed on the server.';

/** A batch job running longer than this is taken as lost (its instance died) and run again. */
export const BATCH_EXPIRY_SECONDS = 6 * 3600;

export interface BatchJobData {
  readonly batchId: string;
}

/** What the runner needs of the batches' storage (`src/scrape/batch-store.ts`). */
export interface BatchRunStorage<D> {
  find(id: string): Promise<BatchRecord | undefined>;
  status(id: string): Promise<BatchState | undefined>;
  openPages(id: string): Promise<{ seq: number; url: string; status: string; holdId: string | null; credits: number }[]>;
  claim(id: string, seq: number, holdId: string): Promise<void>;
  /** `also` runs in the transaction that stores the page, when it is stored (the batch still runs). */
  complete(id: string, seq: number, document: D, credits: number, also?: InTransaction): Promise<boolean>;
  fail(id: string, seq: number, error: string, also?: InTransaction): Promise<boolean>;
  clearHold(id: string, seq: number): Promise<void>;
  skip(id: string, seq: number): Promise<void>;
  /** `also` runs in the transaction that ends the batch, when this call ended it (not a cancel before it). */
  finish(id: string, status: Exclude<BatchState, 'scraping'>, warning?: string | null, also?: InTransaction): Promise<void>;
}

/** How one surface scrapes one page of its batches. */
export interface BatchPageScraper<D> {
  /** The most a page with these options can cost: what its hold covers. */
  maxCost(options: unknown): number;
  /** The page's result and its cost (the scrape's price, a cache hit's included). */
  scrape(account: number, url: string, options: unknown, signal: AbortSignal): Promise<WorkOutcome<D>>;
  /** The client's words for why a page failed; undefined for an error that is not the page's (a bug), which fails the job. */
  describe(error: unknown): string | undefined;
}

export interface BatchRunnerDeps<D> {
  readonly store: BatchRunStorage<D>;
  readonly ledger: Ledger;
  readonly scraper: BatchPageScraper<D>;
  readonly holdTtlSeconds: number;
  /** `BATCH_PAGE_CONCURRENCY`: pages of one batch scraped at once. */
  readonly pageConcurrency: number;
  readonly log: FastifyBaseLogger;
  /** The batches' webhook events; absent: none are sent. */
  readonly events?: BatchEvents<D>;
}

type Stop = 'cancelled' | 'credits';

export function createBatchRunner<D>(deps: BatchRunnerDeps<D>) {
  const { store, ledger, scraper, events } = deps;

  /** Closes the holds a previous run of the batch left open. */
  async function recover(batchId: string, pages: Awaited<ReturnType<BatchRunStorage<D>['openPages']>>): Promise<void> {
    for (const page of pages) {
      if (page.holdId === null) continue;
      if (page.status === 'completed') await ledger.settle(page.holdId, page.credits);
      else await ledger.release(page.holdId);
      await store.clearHold(batchId, page.seq);
    }
  }

  async function run(job: Job<BatchJobData>, shutdown: AbortSignal): Promise<void> {
    const batch = await store.find(job.data.batchId);
    if (batch === undefined || batch.status !== 'scraping') return;
    const options: unknown = JSON.parse(batch.options);
    /** The event to store with a step of the batch, when it has a webhook. */
    const event = (send: (events: BatchEvents<D>, executor: Parameters<InTransaction>[0]) => Promise<void>): InTransaction | undefined =>
      events === undefined || batch.webhook === undefined ? undefined : (executor) => send(events, executor);
    const open = await store.openPages(batch.id);
    await recover(batch.id, open);
    const waiting = open.filter((page) => page.status === 'pending');
    const maxCost = scraper.maxCost(options);
    const halt = new AbortController();
    const signal = AbortSignal.any([halt.signal, shutdown]);
    let stop: Stop | undefined;
    let next = 0;
    /** Pages holding their credits: counted in the turn their hold is granted, before another lane can see the balance. */
    let holding = 0;
    const waiters: (() => void)[] = [];
    const pageEnded = () => waiters.splice(0).forEach((resolve) => resolve());

    async function one(page: { seq: number; url: string }): Promise<void> {
      if ((await store.status(batch!.id)) !== 'scraping') {
        stop ??= 'cancelled';
        return;
      }
      const hold = await holdFor(page.seq);
      if (hold === undefined) return;
      try {
        await scrapeHeld(page, hold);
      } finally {
        holding--;
        pageEnded();
      }
    }

    /**
     * The page's hold, or undefined when the credits ran out. Pages in flight hold the most they
     * can cost; a hold refused while they run is tried again once they settle and return the rest.
     */
    async function holdFor(seq: number): Promise<Hold | undefined> {
      for (;;) {
        try {
          const hold = await ledger.hold(batch!.userId, maxCost, {
            apiKeyId: batch!.apiKeyId,
            endpoint: BATCH_ENDPOINT,
            requestId: `batch:${batch!.id}:${seq}`,
            ttlSeconds: deps.holdTtlSeconds,
          });
          holding++;
          return hold;
        } catch (error) {
          if (!(error instanceof InsufficientCreditsError)) throw error;
          // No other page holds credits: nothing will return any.
          if (holding === 0 || stop !== undefined) {
            stop ??= 'credits';
            halt.abort(error);
            return undefined;
          }
          await new Promise<void>((resolve) => waiters.push(resolve));
        }
      }
    }

    async function scrapeHeld(page: { seq: number; url: string }, hold: Hold): Promise<void> {
      await store.claim(batch!.id, page.seq, hold.id);
      let outcome: WorkOutcome<D>;
      try {
        outcome = await scraper.scrape(batch!.userId, page.url, options, signal);
      } catch (error) {
        await ledger.release(hold.id);
        if (signal.aborted) {
          // Stopped, not failed: a shutdown leaves the page to the next run, a cancel or the credits skip it.
          if (shutdown.aborted) await store.clearHold(batch!.id, page.seq);
          else await store.skip(batch!.id, page.seq);
          return;
        }
        const reason = scraper.describe(error);
        if (reason === undefined) {
          await store.clearHold(batch!.id, page.seq);
          throw error;
        }
        const failed = event((events, executor) => events.page(batch!, { url: page.url, error: reason }, executor));
        if (!(await store.fail(batch!.id, page.seq, reason, failed))) await store.skip(batch!.id, page.seq);
        return;
      }
      const result = outcome.body;
      const stored = event((events, executor) => events.page(batch!, { url: page.url, result }, executor));
      if (!(await store.complete(batch!.id, page.seq, outcome.body, outcome.cost, stored))) {
        await ledger.release(hold.id);
        await store.skip(batch!.id, page.seq);
        stop ??= 'cancelled';
        return;
      }
      await ledger.settle(hold.id, outcome.cost);
      await store.clearHold(batch!.id, page.seq);
    }

    async function lane(): Promise<void> {
      while (stop === undefined && !shutdown.aborted && next < waiting.length) await one(waiting[next++]!);
    }

    const lanes = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(deps.pageConcurrency, waiting.length)) }, lane));
    const broken = lanes.find((lane): lane is PromiseRejectedResult => lane.status === 'rejected');
    // Shutting down: the job is taken up again after the restart and resumes with the pages left.
    if (shutdown.aborted && stop === undefined) throw shutdown.reason instanceof Error ? shutdown.reason : new Error('shutting down');
    if (broken !== undefined) {
      deps.log.error({ err: broken.reason, batchId: batch.id }, 'batch scrape failed');
      await store.finish(
        batch.id,
        'failed',
        BATCH_FAILED,
        event((events, executor) => events.failed(batch, BATCH_FAILED, executor)),
      );
      return;
    }
    const completed = event((events, executor) => events.completed(batch, executor));
    if (stop === 'credits') await store.finish(batch.id, 'completed', OUT_OF_CREDITS_WARNING, completed);
    else if (stop === undefined) await store.finish(batch.id, 'completed', null, completed);
  }

  return { run };
}
