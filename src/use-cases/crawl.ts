/**
 * Crawl as operations of their own: start a crawl (a durable job), read its status a page of
 * documents at a time, cancel it, list its errors. Each takes the caller (whose account owns the
 * crawl) and typed input, and returns a typed result: another account's crawl is simply not
 * found. The crawl's plan and its documents are whatever the surface that runs the crawl stores
 * (Firecrawl's plan and documents today); this file knows only what every crawl has.
 */
import { randomUUID } from 'node:crypto';
import { InsufficientCreditsError, type Ledger, type Caller } from '../credits/index.js';

export type CrawlState = 'scraping' | 'completed' | 'failed' | 'cancelled';

/** A crawl as its store keeps it. */
export interface CrawlRecord {
  readonly id: string;
  readonly status: CrawlState;
  /** Pages found so far (the crawl's `limit` at most). */
  readonly total: number;
  /** Pages crawled and kept. */
  readonly completed: number;
  readonly creditsUsed: number;
  readonly warning: string | null;
  /** When a finished crawl is forgotten (ISO 8601). */
  readonly expiresAt: string;
}

export interface CrawlErrorList {
  readonly errors: { id: string; timestamp: string; url: string; error: string }[];
  readonly robotsBlocked: string[];
}

/** What the crawl operations need of the crawls' storage (`compat/firecrawl/crawl-store.ts`). */
export interface CrawlStorage<D> {
  create(crawl: { id: string; userId: number; apiKeyId: number; url: string; options: string }): Promise<void>;
  /** The crawl when `userId` owns it. */
  find(id: string, userId: number): Promise<CrawlRecord | undefined>;
  /** Documents from the `skip`th on: at most `limit`, and at most `maxBytes` of them (at least one). */
  pages(id: string, skip: number, limit: number, maxBytes: number): Promise<{ readonly documents: D[]; readonly more: boolean }>;
  /** Cancels the owner's running crawl; the crawl as it is afterwards, or undefined when it is not the owner's. */
  cancel(id: string, userId: number): Promise<CrawlRecord | undefined>;
  errors(id: string): Promise<CrawlErrorList>;
  /** Forgets finished crawls past their `expiresAt`. */
  deleteExpired(): Promise<number>;
}

export interface CrawlUseCaseDeps<D> {
  readonly store: CrawlStorage<D>;
  /** Hands the crawl to the job queue, where a worker runs it. */
  readonly enqueue: (crawlId: string) => Promise<void>;
  readonly ledger: Pick<Ledger, 'balance'>;
  /** What one crawled page costs (`PRICE_SCRAPE`): a crawl that cannot pay for its first page is refused. */
  readonly pricePerPage: number;
  /** Most bytes of documents on one status page (`FIRECRAWL_CRAWL_PAGE_BYTES`). */
  readonly maxPageBytes: number;
  readonly now: () => Date;
}

/** What a crawl is asked to do: where it starts, and the plan its job runs (stored as it is). */
export interface CrawlStart {
  readonly seed: string;
  readonly plan: unknown;
}

export interface CrawlStatusPage<D> {
  readonly status: CrawlState;
  readonly completed: number;
  /** Pages found so far, never fewer than those completed. */
  readonly total: number;
  readonly creditsUsed: number;
  /** A running crawl expires a day from now, a finished one a day after its end (as Firecrawl keeps them). */
  readonly expiresAt: Date;
  readonly warning?: string;
  readonly documents: D[];
  /** Where the next page of documents starts; absent on the last page. */
  readonly nextSkip?: number;
}

/** What a cancel left: the crawl cancelled (now or before), or ended otherwise (`status`), or not the caller's (undefined). */
export type CrawlCancelOutcome = { readonly cancelled: true } | { readonly cancelled: false; readonly status: CrawlState } | undefined;

/** Status pages hold at most this many documents (and `maxPageBytes` of them). */
export const CRAWL_PAGE_SIZE = 100;

/** A finished crawl is kept this long after its end (as Firecrawl keeps it), then forgotten. */
export const CRAWL_RETENTION_MS = 24 * 3600 * 1000;

export function createCrawlUseCase<D>(deps: CrawlUseCaseDeps<D>) {
  const { store } = deps;
  return {
    /** Starts a crawl for the caller's account: refused (InsufficientCreditsError) when the balance cannot pay for one page. */
    async start(caller: Pick<Caller, 'accountId' | 'keyId'>, input: CrawlStart): Promise<{ readonly id: string }> {
      const balance = await deps.ledger.balance(caller.accountId);
      if (balance < deps.pricePerPage) throw new InsufficientCreditsError(balance);
      // Finished crawls are kept until their expiresAt; starting one sweeps the old.
      await store.deleteExpired();
      const id = randomUUID();
      await store.create({ id, userId: caller.accountId, apiKeyId: caller.keyId, url: input.seed, options: JSON.stringify(input.plan) });
      await deps.enqueue(id);
      return { id };
    },

    /**
     * The caller's crawl and its documents from `skip` on: at most `limit` (and `CRAWL_PAGE_SIZE`;
     * 0 or NaN asks for a whole page) and at most `maxPageBytes` of them. Undefined when the crawl is not the caller's.
     */
    async status(
      caller: Pick<Caller, 'accountId'>,
      id: string,
      page: { readonly skip: number; readonly limit?: number },
    ): Promise<CrawlStatusPage<D> | undefined> {
      const crawl = await store.find(id, caller.accountId);
      if (crawl === undefined) return undefined;
      const limit = Math.min(CRAWL_PAGE_SIZE, page.limit ?? CRAWL_PAGE_SIZE) || CRAWL_PAGE_SIZE;
      const { documents, more } = await store.pages(crawl.id, page.skip, limit, deps.maxPageBytes);
      return {
        status: crawl.status,
        completed: crawl.completed,
        total: Math.max(crawl.total, crawl.completed),
        creditsUsed: crawl.creditsUsed,
        expiresAt: crawl.status === 'scraping' ? new Date(deps.now().getTime() + CRAWL_RETENTION_MS) : new Date(crawl.expiresAt),
        ...(crawl.warning === null ? {} : { warning: crawl.warning }),
        documents,
        ...(more ? { nextSkip: page.skip + documents.length } : {}),
      };
    },

    /** Stops the caller's running crawl at its next page. */
    async cancel(caller: Pick<Caller, 'accountId'>, id: string): Promise<CrawlCancelOutcome> {
      if ((await store.find(id, caller.accountId)) === undefined) return undefined;
      const crawl = await store.cancel(id, caller.accountId);
      if (crawl === undefined) return undefined;
      return crawl.status === 'cancelled' ? { cancelled: true } : { cancelled: false, status: crawl.status };
    },

    /** The pages of the caller's crawl that failed or that robots.txt disallowed; undefined when the crawl is not the caller's. */
    async errors(caller: Pick<Caller, 'accountId'>, id: string): Promise<CrawlErrorList | undefined> {
      const crawl = await store.find(id, caller.accountId);
      return crawl === undefined ? undefined : store.errors(crawl.id);
    },
  };
}

export type CrawlUseCase<D> = ReturnType<typeof createCrawlUseCase<D>>;
