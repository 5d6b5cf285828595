/**
 * Batch scrape as operations of their own: start a batch of URLs scraped with one set of scrape
 * options (a durable job), read its status a page of results at a time, list the URLs that
 * failed, cancel it. Each takes the caller (whose account owns the batch): another account's batch
 * is simply not found. The options and the result of a page are whatever the surface that
 * started the batch stores (Quarry's scrape or Firecrawl's document); this file knows only what
 * every batch has. The job that scrapes the pages is `batch-scrape-runner.ts`.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { InsufficientCreditsError, type Caller, type Ledger } from '../credits/index.js';
import type { Database } from '../db/schema.js';
import type { WebhookTarget } from '../webhooks/index.js';

export type BatchState = 'scraping' | 'completed' | 'failed' | 'cancelled';
/** A page waits (`pending`), was stored (`completed`), failed, or was never scraped (`skipped`: the batch was cancelled or ran out of credits). */
export type BatchPageState = 'pending' | 'completed' | 'failed' | 'skipped';
/** Which surface started a batch: its job builds that surface's results. */
export type BatchSurface = 'native' | 'firecrawl';

export interface BatchRecord {
  readonly id: string;
  readonly userId: number;
  readonly apiKeyId: number;
  readonly surface: BatchSurface;
  /** The surface's scrape options, as JSON. */
  readonly options: string;
  /** Where the batch's events go; absent: nowhere. */
  readonly webhook?: WebhookTarget;
  readonly status: BatchState;
  readonly total: number;
  readonly completed: number;
  readonly failed: number;
  readonly creditsUsed: number;
  readonly warning: string | null;
  readonly expiresAt: string;
}

export interface BatchPage<D> {
  readonly url: string;
  readonly status: BatchPageState;
  readonly result?: D;
  readonly error?: string;
}

export interface BatchError {
  readonly id: string;
  readonly timestamp: string;
  readonly url: string;
  readonly error: string;
}

/** Work done in the transaction of a batch's progress: its webhook event, stored exactly when the progress is. */
export type InTransaction = (executor: Kysely<Database>) => Promise<void>;

export interface NewBatch {
  readonly id: string;
  readonly userId: number;
  readonly apiKeyId: number;
  readonly surface: BatchSurface;
  readonly options: string;
  readonly webhook?: WebhookTarget;
  readonly urls: readonly string[];
}

/** What the batch operations need of the batches' storage (`src/scrape/batch-store.ts`). */
export interface BatchStorage<D> {
  /**
   * Stores the batch and its pages unless the account already has `maxActive` running batches
   * (then false); `also` runs in the same transaction when it is stored.
   */
  create(batch: NewBatch, maxActive: number, also?: InTransaction): Promise<boolean>;
  find(id: string, userId: number): Promise<BatchRecord | undefined>;
  /**
   * Pages from the `skip`th on, at most `limit` and `maxBytes` of results (at least one):
   * `all` lists every URL in the order given, `completed` only the stored results, in the order they completed.
   */
  pages(
    id: string,
    order: 'all' | 'completed',
    skip: number,
    limit: number,
    maxBytes: number,
  ): Promise<{ readonly pages: BatchPage<D>[]; readonly more: boolean }>;
  cancel(id: string, userId: number): Promise<BatchRecord | undefined>;
  errors(id: string): Promise<BatchError[]>;
  deleteExpired(): Promise<number>;
}

export interface BatchUseCaseDeps<D> {
  readonly store: BatchStorage<D>;
  readonly surface: BatchSurface;
  /** Hands the batch to the job queue, where a worker runs it. */
  readonly enqueue: (batchId: string) => Promise<void>;
  readonly ledger: Pick<Ledger, 'balance'>;
  /** What one page costs at least (`PRICE_SCRAPE`): a batch that cannot pay for its first page is refused. */
  readonly pricePerPage: number;
  /** `BATCH_MAX_URLS`. */
  readonly maxUrls: number;
  /** `BATCH_MAX_ACTIVE_PER_ACCOUNT`: running batches one account may have. */
  readonly maxActivePerAccount: number;
  /** Most bytes of results on one status page. */
  readonly maxPageBytes: number;
  readonly now: () => Date;
  /** The batches' webhook events; absent or `available` false: a batch with a webhook is refused. */
  readonly events?: BatchStartEvents;
}

/** What starting a batch tells its webhook (`batch-scrape-events.ts`). */
export interface BatchStartEvents {
  readonly available: boolean;
  started(batch: Pick<BatchRecord, 'id' | 'userId' | 'surface' | 'webhook'>, executor: Kysely<Database>): Promise<void>;
}

export interface BatchStatusPage<D> {
  readonly status: BatchState;
  readonly total: number;
  readonly completed: number;
  readonly failed: number;
  readonly creditsUsed: number;
  readonly expiresAt: Date;
  readonly warning?: string;
  readonly pages: BatchPage<D>[];
  /** Where the next status page starts; absent on the last one. */
  readonly nextSkip?: number;
}

export type BatchCancelOutcome = { readonly cancelled: true } | { readonly cancelled: false; readonly status: BatchState } | undefined;

/** More URLs than `BATCH_MAX_URLS`, or none. */
export class BatchSizeError extends Error {
  constructor(readonly maxUrls: number) {
    super(`A batch takes from 1 to ${maxUrls} URLs.`);
    this.name = 'BatchSizeError';
  }
}

/** The account already runs `BATCH_MAX_ACTIVE_PER_ACCOUNT` batches. */
export class TooManyBatchesError extends Error {
  constructor(readonly maxActive: number) {
    super(`This account already runs ${maxActive} batch scrapes; wait for one to end or cancel one.`);
    this.name = 'TooManyBatchesError';
  }
}

/** The batch has a webhook but this server sends none (`KEY_ENCRYPTION_SECRET` is not set). */
export class BatchWebhooksUnavailableError extends Error {
  constructor() {
    super('webhook is not available on this server (KEY_ENCRYPTION_SECRET is not set); poll the batch status');
    this.name = 'BatchWebhooksUnavailableError';
  }
}

/** Status pages hold at most this many pages (and `maxPageBytes` of results). */
export const BATCH_PAGE_SIZE = 100;
/** A finished batch is kept this long after its end, then forgotten (as Firecrawl keeps its jobs). */
export const BATCH_RETENTION_MS = 24 * 3600 * 1000;
/** The ledger's `endpoint` of a batch's pages. */
export const BATCH_ENDPOINT = 'scrape/batch';

export function createBatchScrapeUseCase<D>(deps: BatchUseCaseDeps<D>) {
  const { store } = deps;
  return {
    /**
     * Starts a batch for the caller's account: BatchSizeError for no URL or too many,
     * InsufficientCreditsError when the balance cannot pay for one page, TooManyBatchesError when
     * the account already runs its share, BatchWebhooksUnavailableError for a webhook this server
     * cannot send. The batch's `started` event is stored with the batch, before any page can be.
     */
    async start(
      caller: Pick<Caller, 'accountId' | 'keyId'>,
      input: { readonly urls: readonly string[]; readonly options: unknown; readonly webhook?: WebhookTarget },
    ): Promise<{ readonly id: string }> {
      if (input.urls.length === 0 || input.urls.length > deps.maxUrls) throw new BatchSizeError(deps.maxUrls);
      const events = deps.events;
      if (input.webhook !== undefined && events?.available !== true) throw new BatchWebhooksUnavailableError();
      const balance = await deps.ledger.balance(caller.accountId);
      if (balance < deps.pricePerPage) throw new InsufficientCreditsError(balance, deps.pricePerPage);
      await store.deleteExpired();
      const id = randomUUID();
      const batch: NewBatch = {
        id,
        userId: caller.accountId,
        apiKeyId: caller.keyId,
        surface: deps.surface,
        options: JSON.stringify(input.options),
        ...(input.webhook === undefined ? {} : { webhook: input.webhook }),
        urls: input.urls,
      };
      const started = input.webhook === undefined || events === undefined ? undefined : (executor: Kysely<Database>) => events.started(batch, executor);
      if (!(await store.create(batch, deps.maxActivePerAccount, started))) throw new TooManyBatchesError(deps.maxActivePerAccount);
      await deps.enqueue(id);
      return { id };
    },

    /** The caller's batch and its pages from `skip` on; undefined when the batch is not the caller's. */
    async status(
      caller: Pick<Caller, 'accountId'>,
      id: string,
      page: { readonly skip: number; readonly limit?: number; readonly order: 'all' | 'completed' },
    ): Promise<BatchStatusPage<D> | undefined> {
      const batch = await store.find(id, caller.accountId);
      if (batch === undefined) return undefined;
      const limit = Math.min(BATCH_PAGE_SIZE, page.limit ?? BATCH_PAGE_SIZE) || BATCH_PAGE_SIZE;
      const { pages, more } = await store.pages(batch.id, page.order, page.skip, limit, deps.maxPageBytes);
      return {
        status: batch.status,
        total: batch.total,
        completed: batch.completed,
        failed: batch.failed,
        creditsUsed: batch.creditsUsed,
        expiresAt: batch.status === 'scraping' ? new Date(deps.now().getTime() + BATCH_RETENTION_MS) : new Date(batch.expiresAt),
        ...(batch.warning === null ? {} : { warning: batch.warning }),
        pages,
        ...(more ? { nextSkip: page.skip + pages.length } : {}),
      };
    },

    /** Stops the caller's running batch: pages not yet stored are neither stored nor charged. */
    async cancel(caller: Pick<Caller, 'accountId'>, id: string): Promise<BatchCancelOutcome> {
      const batch = await store.cancel(id, caller.accountId);
      if (batch === undefined) return undefined;
      return batch.status === 'cancelled' ? { cancelled: true } : { cancelled: false, status: batch.status };
    },

    /** The URLs of the caller's batch that failed; undefined when the batch is not the caller's. */
    async errors(caller: Pick<Caller, 'accountId'>, id: string): Promise<BatchError[] | undefined> {
      const batch = await store.find(id, caller.accountId);
      return batch === undefined ? undefined : store.errors(batch.id);
    },
  };
}

export type BatchScrapeUseCase<D> = ReturnType<typeof createBatchScrapeUseCase<D>>;
