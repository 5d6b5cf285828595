/** The `html` and `links` formats, from the HTML a scrape or crawl fetched. */
import type { PageFacts } from '../../scrape/extract/index.js';
import type { OffloadPool } from '../../scrape/index.js';

/** What the documents read their pages with: the app's worker pool. */
export type PageReaderPool = Pick<OffloadPool, 'readPage' | 'cleanHtml' | 'mainContentHtml' | 'wholePageMarkdown'>;

/** The index's reading of a page, run off the event loop by the app's worker pool (`offload.readPage`). */
export type ReadPage = (html: string, url: string) => Promise<PageFacts>;

/** Builds the readers of one owner's lane from the pool (`offload.*` with `signal` and `owner` bound). */
export function poolReaders(pool: PageReaderPool, signal: AbortSignal | undefined, owner: string): PageReaders {
  return {
    readPage: (html, url) => pool.readPage(html, url, signal, owner),
    cleanHtml: (html) => pool.cleanHtml(html, signal, owner),
    mainContentHtml: (html, url) => pool.mainContentHtml(html, url, signal, owner),
    wholePageMarkdown: (html, url) => pool.wholePageMarkdown(html, url, signal, owner),
  };
}

/**
 * How a document's formats read its (untrusted) HTML: in the app's worker pool, in the lane of
 * the account that asked (`offload.readPage`, `offload.cleanHtml` with its owner bound).
 */
export interface PageReaders {
  readonly readPage: ReadPage;
  /** The page's whole `<body>` without scripts, styles and comments (`src/scrape/clean-html.ts`): `html` with `onlyMainContent: false`. */
  readonly cleanHtml: (html: string) => Promise<string>;
  /** The page's main content as HTML: `html` by default. */
  readonly mainContentHtml: (html: string, url: string) => Promise<string>;
  /** The whole page as Markdown: `markdown` with `onlyMainContent: false`. */
  readonly wholePageMarkdown: (html: string, url: string) => Promise<string>;
}

/** Absolute http(s) targets of every link of the page, first occurrence first. */
export async function pageLinks(html: string, url: string, readPage: ReadPage): Promise<string[]> {
  return [...(await readPage(html, url)).links];
}
