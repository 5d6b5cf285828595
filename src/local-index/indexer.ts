/** Turning fetched pages into index entries: the one way pages enter the index (scrapes, crawls, imports). */
import { indexablePage } from './documents.js';
import { readPage, type PageFacts } from '../scrape/extract/index.js';
import type { IndexSource, IndexStore, StoredPage } from './store.js';

export type IndexOutcome =
  | { readonly status: 'indexed'; readonly page: StoredPage; readonly facts: PageFacts }
  | { readonly status: 'skipped'; readonly reason: string; readonly facts?: PageFacts };

export interface Indexer {
  /**
   * Reads an HTML page fetched from `url` (after redirects) and stores it, unless it asks not to
   * be indexed (`<meta name="robots" content="noindex">`). `fetchedAt` (default: now) dates a page
   * first seen here, e.g. an archived copy's capture time. `owner` (default 0, the shared index)
   * is the only account that may find the page. Rejects only when the store fails.
   */
  indexHtml(html: string, url: string, source: IndexSource, fetchedAt?: Date, owner?: number): Promise<IndexOutcome>;
}

export interface IndexerOptions {
  readonly store: IndexStore;
  /** Default: the wall clock. */
  readonly now?: () => Date;
  /** How a page is read; the server hands in a worker pool's (`OffloadPool.readPage`). Default: in this thread. */
  readonly readPage?: (html: string, url: string) => PageFacts | Promise<PageFacts>;
}

export function createIndexer(options: IndexerOptions): Indexer {
  const now = options.now ?? (() => new Date());
  const read = options.readPage ?? readPage;
  return {
    async indexHtml(html, url, source, fetchedAt, owner) {
      const facts = await read(html, url);
      if (facts.robots.noindex) return { status: 'skipped', reason: 'the page asks not to be indexed (robots noindex)', facts };
      const page = await options.store.putPage(indexablePage(facts), { source, now: fetchedAt ?? now(), ...(owner === undefined ? {} : { owner }) });
      return { status: 'indexed', page, facts };
    },
  };
}
